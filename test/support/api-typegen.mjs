// The TypeScript types of the REST API, generated from its OpenAPI document by openapi-typescript
// and formatted as the project formats its files, so a regenerated file equals the checked-in one
// unless the document changed. `scripts/api-types.mjs` writes them to test/support/api-schema.d.ts;
// test/unit/server/api/openapi-client.test.ts fails when that file is stale.
import openapiTS, { astToString } from 'openapi-typescript';
import prettier from 'prettier';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const API_SCHEMA_FILE = join(dirname(fileURLToPath(import.meta.url)), 'api-schema.d.ts');

const HEADER = `// Generated from the API reference (/api/docs/json) by \`node scripts/api-types.mjs\`; do not edit.
`;

/** The types of `document` (an OpenAPI 3.0 document object), as the checked-in file holds them. */
export async function generateApiTypes(document) {
  const ast = await openapiTS(structuredClone(document), { alphabetize: false });
  const options = (await prettier.resolveConfig(API_SCHEMA_FILE)) ?? {};
  return prettier.format(HEADER + astToString(ast), { ...options, filepath: API_SCHEMA_FILE });
}
