import type { Target } from './match.js';

/**
 * The replacement for a number found as `m` (target `t`): the new number's digits written into
 * the old pattern, digit for digit, every space, bracket and dash kept (`8 495 123-45-67` →
 * `8 495 777-00-11`; the target carries the new digits in the form found: 8 for 8, no country
 * code where there was none). When the digit counts differ, the phone's text.
 */
export function _fmt(m: string, t: Target): string {
  let i = 0;
  return t[3].length == t[0].length ? m.replace(/\d/g, () => t[3][i++]!) : t[2].text || t[2].raw;
}
