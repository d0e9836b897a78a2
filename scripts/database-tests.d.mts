/** The test files under `dir` (relative to `root`) that reach test/support/test-database.ts, relative to `root`. */
export function databaseTestFiles(root: string, dir: string): string[];
