import { describe, expect, it } from 'vitest';
import { typeTokens } from '../../../support/type-tokens.js';

/** Generated types as openapi-typescript prints them, and as prettier lays them out (the checked-in file). */
const PRINTED = `export interface paths {
    "/api/login/": {
        parameters: {
            query?: never;
        };
        /**
         * Log in
         * @description Checks a login.
         */
        post: operations["login"];
    };
}
export type Status = "active" | "blocked" | {
    a: number;
} | null;
`;
const FORMATTED = `export interface paths {
  '/api/login/': {
    parameters: {
      query?: never;
    };
    /**
     * Log in
     * @description Checks a login.
     */
    post: operations['login'];
  };
}
export type Status =
  | 'active'
  | 'blocked'
  | {
      a: number;
    }
  | null;
`;

const same = (a: string, b: string) => expect(typeTokens(a)).toEqual(typeTokens(b));
const differ = (a: string, b: string) => expect(typeTokens(a)).not.toEqual(typeTokens(b));

describe('the tokens of generated types', () => {
  it('are the same whatever the layout and the quotes', () => {
    same(PRINTED, FORMATTED);
    same(FORMATTED, FORMATTED.replace('Checks a login', 'Checks  a  login'));
  });

  it('differ when a type, a name, a string or a comment does', () => {
    differ(FORMATTED, FORMATTED.replace('query?: never', 'query: never'));
    differ(FORMATTED, FORMATTED.replace('a: number', 'a: string'));
    differ(FORMATTED, FORMATTED.replace("'/api/login/'", "'/api/login'"));
    differ(FORMATTED, FORMATTED.replace("operations['login']", "operations['login'][]"));
    differ(FORMATTED, FORMATTED.replace('Checks a login', 'Checks the login'));
    differ(FORMATTED, FORMATTED.replace("| 'blocked'", "& 'blocked'"));
    differ(FORMATTED, FORMATTED.replace("  | 'blocked'\n", ''));
  });
});
