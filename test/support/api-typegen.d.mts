/** Types of test/support/api-typegen.mjs. */
/** Where the generated types are kept: src/app/api-schema.d.ts (checked in). */
export declare const API_SCHEMA_FILE: string;
/** The TypeScript types of an OpenAPI 3.0 document, formatted as the checked-in file. */
export declare function generateApiTypes(document: object): Promise<string>;
/** The TypeScript types of an OpenAPI 3.0 document, as openapi-typescript prints them (not formatted). */
export declare function generateUnformattedApiTypes(document: object): Promise<string>;
