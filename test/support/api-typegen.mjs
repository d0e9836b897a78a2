// The TypeScript types of the REST API, generated from its OpenAPI document by openapi-typescript
// and formatted as the project formats its files. test/unit/server/api/openapi-client.test.ts
// writes them to test/support/api-schema.d.ts (not checked in) before it compiles the typed session
// against them; `scripts/api-types.mjs` writes the same file for an editor.
import openapiTS, { astToString } from 'openapi-typescript';
import prettier from 'prettier';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const API_SCHEMA_FILE = join(dirname(fileURLToPath(import.meta.url)), 'api-schema.d.ts');

const HEADER = `// Generated from the API reference (/api/docs/json) by \`node scripts/api-types.mjs\`; do not edit.
`;

/** The types of `document` (an OpenAPI 3.0 document object). */
export async function generateApiTypes(document) {
  const ast = await openapiTS(structuredClone(document), { alphabetize: false });
  const options = (await prettier.resolveConfig(API_SCHEMA_FILE)) ?? {};
  return prettier.format(HEADER + astToString(ast), { ...options, filepath: API_SCHEMA_FILE });
}
