import type { HitPhone } from '../../protocol.js';

/**
 * The replacement written in the pattern of the number it replaces: digit for digit, every space,
 * bracket and dash kept (`8 495 123-45-67` → `8 495 777-00-11`). A +7 number loses its 7 where
 * the old one had no country code and is written with 8 where the old one was. When the digit
 * counts still differ, the block's text.
 */
export function _fmt(old: string, p: HitPhone): string {
  const od = old.replace(/\D/g, '');
  let n = p.raw;
  let i = 0;
  if (n[0] == '7' && n.length == od.length + 1) n = n.slice(1);
  else if (od[0] == '8' && n[0] == '7') n = '8' + n.slice(1);
  return n.length == od.length ? old.replace(/\d/g, () => n[i++]!) : p.text || p.raw;
}
