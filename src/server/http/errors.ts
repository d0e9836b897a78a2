import type { ErrorEnvelope } from '../../protocol.js';

/**
 * Errors the server answers with: an HTTP status and the envelope `{success: false, message}`,
 * `message` reading `<numeric code>: <text>` as the REST document's errors do. The numeric code is
 * the HTTP status followed by three digits, so a client can tell them apart without parsing text.
 * An error about one argument also names it in `field` (an extension, docs/rest-api.md
 * "Conventions"), so a form puts the message under that field without reading the text.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    text: string,
    /** The argument the error is about (`user_phone`), top-level name only. */
    readonly field?: string,
  ) {
    super(text);
  }

  envelope(): ErrorEnvelope & { field?: string } {
    const e = { success: false as const, message: `${this.code}: ${this.message}` };
    return this.field === undefined ? e : { ...e, field: this.field };
  }
}

/** The argument's top-level name in a path as messages write it: `args.value.2` → `args`, `numbers.2` → `numbers`. */
export const argumentName = (path: string): string => path.split('.')[0]!;

export const errors = {
  notFound: () => new ApiError(404, 404000, 'Not found'),
  unknownSite: () => new ApiError(404, 404001, 'Unknown site key'),
  malformed: () => new ApiError(400, 400001, 'Malformed JSON'),
  /** `where` reads `<field>: <reason>` when one field is at fault; the envelope then names it. */
  invalid: (where: string) => {
    const field = /^([\w.]+): /.exec(where)?.[1];
    return new ApiError(400, 400002, `Invalid request: ${where}`, field === undefined ? undefined : argumentName(field));
  },
  tooLarge: () => new ApiError(413, 413001, 'Request body too large'),
  unsupportedType: () => new ApiError(415, 415001, 'Unsupported content type'),
  originNotAllowed: () => new ApiError(403, 403001, 'Origin not allowed for this site'),
  /** One answer for every wrong combination of credentials: which part was wrong is not told. */
  badCredentials: () => new ApiError(403, 403002, 'Credentials do not belong together'),
  unknownVisitor: () => new ApiError(403, 403004, 'Unknown visitor or wrong token'),
  signInRequired: () => new ApiError(401, 401001, 'Sign in required'),
  wrongPassword: () => new ApiError(401, 401002, 'Wrong e-mail or password'),
  conflict: (text: string) => new ApiError(409, 409001, text),
  tooManyTries: () => new ApiError(429, 429001, 'Too many sign-in attempts; try again later'),
  tooManyRequests: (retryAfter: number) => new ApiError(429, 429002, `Too many requests; retry after ${retryAfter} s`),
  internal: () => new ApiError(500, 500000, 'Internal error'),
};
