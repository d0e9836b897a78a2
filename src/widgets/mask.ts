/**
 * The phone mask of the site-phone form. In a mask `#` stands for a digit and everything else is
 * written as it is; a mask without `#` uses `9` for a digit instead (the jQuery masked-input
 * habit, `+7 (999) 999-99-99`). `["setUIPhoneMaskFormat", mask]` replaces the default.
 */
export const DEFAULT_MASK = '+7 (###) ###-##-##';

function slotOf(mask: string): string {
  return mask.includes('#') ? '#' : '9';
}

/** What the empty field shows: the mask with `_` for each digit. */
export function maskPlaceholder(mask: string): string {
  return mask.split(slotOf(mask)).join('_');
}

/**
 * Formats what was typed or pasted. The digits of the mask's own prefix (the `7` of `+7 (`) are
 * not asked again: a value that starts with that prefix, or a number one digit too long that
 * starts with it (or with 8, the Russian trunk prefix, before +7), loses it. Literals after the
 * last digit are left out, so that Backspace deletes digits rather than stopping at a bracket.
 */
export function applyMask(mask: string, value: string): string {
  const slot = slotOf(mask);
  const first = mask.indexOf(slot);
  const head = first < 0 ? mask : mask.slice(0, first);
  const headDigits = head.replace(/\D/g, '');
  const lead = headDigits ? head.slice(0, head.lastIndexOf(headDigits.slice(-1)) + 1) : '';
  const slots = mask.split(slot).length - 1;
  let rest = value;
  let typedLead = false;
  if (lead && rest.startsWith(lead)) {
    rest = rest.slice(lead.length);
    typedLead = true;
  }
  let digits = rest.replace(/\D/g, '');
  if (digits.length > slots && headDigits) {
    if (!typedLead && digits.startsWith(headDigits)) digits = digits.slice(headDigits.length);
    else if (headDigits === '7' && digits[0] === '8') digits = digits.slice(1);
  }
  digits = digits.slice(0, slots);
  let out = '';
  let i = 0;
  for (const ch of mask) {
    if (i >= digits.length) break;
    out += ch === slot ? digits[i++] : ch;
  }
  return out;
}

/** Keeps `input` formatted while the visitor types, pastes or deletes, and keeps the caret in place. */
export function bindMask(input: HTMLInputElement, mask: string): void {
  input.addEventListener('input', () => {
    const v = input.value;
    const caret = input.selectionStart ?? v.length;
    const atEnd = caret >= v.length;
    const next = applyMask(mask, v);
    if (next === v) return;
    // Count the digits left of the caret in the formatted value, then put the caret after as many.
    const digitsBefore = applyMask(mask, v.slice(0, caret)).replace(/\D/g, '').length;
    input.value = next;
    if (atEnd) return;
    let pos = 0;
    for (let seen = 0; pos < next.length && seen < digitsBefore; pos++) if (/\d/.test(next[pos]!)) seen++;
    try {
      input.setSelectionRange(pos, pos);
    } catch {
      // input types without a selection
    }
  });
}
