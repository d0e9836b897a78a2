import { z } from 'zod';
import { errors } from '../http/errors.js';
import { apiErrors } from './errors.js';
import { acknowledgement, type ApiFunction } from './function.js';

/**
 * The answers' schemas: the success envelope of each function, made from its `response`, and the
 * error envelope with every code of errors.ts. The OpenAPI document is made from them, and the unit
 * tests check every answer they get against them (test/unit/server/api-helpers.ts), so neither the
 * document nor the code can drift from the other.
 */

/** `{success: true, data}`, or `{success: true}` alone for an acknowledgement. */
export function successEnvelope(fn: ApiFunction): z.ZodType {
  if (fn.response === acknowledgement) return z.strictObject({ success: z.literal(true) });
  return z.strictObject({ success: z.literal(true), data: fn.response });
}

/** Every error the API answers: HTTP status, code and text (placeholders where the text names a value). */
export const API_ERROR_CODES: ReadonlyArray<{ status: number; code: number; text: string }> = Object.values(apiErrors)
  .map((make) => (make as (a: string, b: string | number) => { status: number; code: number; message: string })('<name>', '<value>'))
  // The server's own answers to a body too large or of another type, and the last resort.
  .concat([errors.tooLarge(), errors.unsupportedType(), { status: 500, code: 100500, message: 'Internal error' }])
  .map((e) => ({ status: e.status, code: e.code, text: e.message }));

export const errorEnvelope = z
  .strictObject({
    success: z.literal(false),
    message: z
      .string()
      .regex(/^\d{6}: \S/)
      .describe('`<code>: <text>`; the codes: ' + API_ERROR_CODES.map((e) => `${e.code} (HTTP ${e.status}) ${e.text}`).join('; ')),
    field: z
      .string()
      .optional()
      .describe('EXTENSION: the argument the error is about (`user_phone`), on argument errors; the message says what it needs'),
  })
  .describe('An error: success false and `<code>: <text>`; never a stack trace.');

/** A record whose nested list the document writes as JSON text inside it (rest-api.md, section 2, rule 4). */
export const jsonText = (of: string) => z.string().describe(`JSON text of ${of}`);
