// The TypeScript types of the REST API, generated from its OpenAPI document by openapi-typescript
// and formatted as the project formats its files. They are checked in as src/app/api-schema.d.ts:
// the owner app's client (src/app/api.ts) and the typed session of
// test/unit/server/api/openapi-client.test.ts are written against them; that test generates them
// again from the live document and fails when the checked-in file differs. `npm run api-types`
// (scripts/api-types.mjs) writes the file.
import openapiTS, { astToString } from 'openapi-typescript';
import prettier from 'prettier';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const API_SCHEMA_FILE = join(dirname(fileURLToPath(import.meta.url)), '../../src/app/api-schema.d.ts');

const HEADER = `// Generated from the API reference (/api/docs/json) by \`npm run api-types\`; do not edit.
`;

/** The types of `document` (an OpenAPI 3.0 document object), as openapi-typescript prints them. */
export async function generateUnformattedApiTypes(document) {
  const ast = await openapiTS(structuredClone(document), { alphabetize: false });
  return HEADER + astToString(ast);
}

/** The types of `document` (an OpenAPI 3.0 document object), formatted as the checked-in file. */
export async function generateApiTypes(document) {
  const options = (await prettier.resolveConfig(API_SCHEMA_FILE)) ?? {};
  return prettier.format(await generateUnformattedApiTypes(document), { ...options, filepath: API_SCHEMA_FILE });
}
