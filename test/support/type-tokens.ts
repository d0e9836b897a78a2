import ts from 'typescript';

/** Tokens before which a separator is optional: `{ a: 1; }` and `{ a: 1 }` are one type. */
const CLOSERS = new Set([
  ts.SyntaxKind.CloseBraceToken,
  ts.SyntaxKind.CloseBracketToken,
  ts.SyntaxKind.CloseParenToken,
  ts.SyntaxKind.GreaterThanToken,
]);
/** Tokens after which a `|` or `&` leads a type rather than joins two: `= | 'a' | 'b'` is `= 'a' | 'b'`. */
const OPENERS = new Set([
  ts.SyntaxKind.EqualsToken,
  ts.SyntaxKind.ColonToken,
  ts.SyntaxKind.OpenParenToken,
  ts.SyntaxKind.OpenBracketToken,
  ts.SyntaxKind.LessThanToken,
  ts.SyntaxKind.CommaToken,
  ts.SyntaxKind.BarToken,
  ts.SyntaxKind.AmpersandToken,
]);

/**
 * The tokens of TypeScript source as a formatter cannot change them: no white space, each string
 * by its value (either quote), each comment with its white space collapsed, no separator before a
 * closing bracket and no `|` or `&` leading a type. Two texts with the same tokens declare the same
 * types with the same comments; only their layout may differ (which `prettier --check` guards).
 */
export function typeTokens(text: string): string[] {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, ts.LanguageVariant.Standard, text);
  const out: Array<{ kind: ts.SyntaxKind; text: string }> = [];
  /** The last token that is not a comment. */
  let code: ts.SyntaxKind | undefined;
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    if (kind === ts.SyntaxKind.WhitespaceTrivia || kind === ts.SyntaxKind.NewLineTrivia) continue;
    if (kind === ts.SyntaxKind.SingleLineCommentTrivia || kind === ts.SyntaxKind.MultiLineCommentTrivia) {
      out.push({
        kind,
        text: scanner
          .getTokenText()
          .replace(/\s*\n\s*\*?/g, '\n')
          .replace(/[ \t]+/g, ' '),
      });
      continue;
    }
    const token = kind === ts.SyntaxKind.StringLiteral ? JSON.stringify(scanner.getTokenValue()) : scanner.getTokenText();
    if (CLOSERS.has(kind) && (out.at(-1)?.kind === ts.SyntaxKind.SemicolonToken || out.at(-1)?.kind === ts.SyntaxKind.CommaToken))
      out.pop();
    if ((kind === ts.SyntaxKind.BarToken || kind === ts.SyntaxKind.AmpersandToken) && code !== undefined && OPENERS.has(code)) continue;
    out.push({ kind, text: token });
    code = kind;
  }
  return out.map((t) => t.text);
}
