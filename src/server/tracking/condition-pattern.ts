import safeRegex from 'safe-regex2';

/**
 * The rule for campaign conditions with the `~` operator: a pattern that can backtrack
 * catastrophically is refused, and a fact is tested on its first FACT_MAX characters only.
 *
 * Node's engine backtracks, and no bounded engine (RE2) is among the project's dependencies, so the
 * patterns are checked instead: `safe-regex2` refuses nested quantifiers (`(a+)+`, star height
 * above 1), and this module also refuses a repeated group with alternatives (`(a|ab)*`), which
 * `safe-regex2` lets through and which backtracks exponentially when the alternatives overlap.
 * What is left can still be polynomial on an unanchored search (`a*a*b`), hence the cut input.
 */
export const FACT_MAX = 2048;

export function safeConditionPattern(pattern: string): boolean {
  try {
    new RegExp(pattern, 'i');
  } catch {
    return false;
  }
  return safeRegex(pattern) && !repeatedAlternation(pattern);
}

/** Whether a group holding `|` is followed by `*`, `+` or `{`. */
function repeatedAlternation(p: string): boolean {
  const groups: boolean[] = [];
  for (let i = 0; i < p.length; i++) {
    const c = p[i];
    if (c === '\\') i++;
    else if (c === '[') {
      // A class: nothing inside it groups or alternates.
      for (i++; i < p.length && p[i] !== ']'; i++) if (p[i] === '\\') i++;
    } else if (c === '(') groups.push(false);
    else if (c === '|') {
      if (groups.length) groups[groups.length - 1] = true;
    } else if (c === ')') {
      const alternates = groups.pop() ?? false;
      const next = p[i + 1];
      if (alternates && (next === '*' || next === '+' || next === '{')) return true;
      // An inner alternation repeated by an outer quantifier is as bad.
      if (alternates && groups.length) groups[groups.length - 1] = true;
    }
  }
  return false;
}
