/**
 * The forms of a `number=` block that the snippet looks for in page text, worked out here so that
 * the snippet carries no rules about how numbers are written (its core has a byte budget; the
 * server does not). A Russian number is written with its country code 7, with the trunk prefix 8,
 * or with neither (`+7 495 …`, `8 495 …`, `(495) …`); any other number only as it is.
 */

/** The digit strings `digits` is written as: as given and, for Russian numbers, 7…, 8… and without either. */
export function writtenForms(digits: string): string[] {
  const rest = digits.slice(1);
  return /^[78]\d{10}$/.test(digits) ? ['7' + rest, '8' + rest, rest] : [digits];
}

/**
 * For a `number=` block replaced by `raw` (international digits): each form of the original paired
 * with the replacement's digits in the same form (`8495…` → `8495…` of the new number, no country
 * code where there was none), or with `raw` itself where the replacement has no such form.
 * Undefined for other blocks (`#id`, `.class`, `[name=]`), which are found by their selector.
 */
export function numberForms(selector: string, raw: string): [string, string][] | undefined {
  if (!selector.startsWith('number=')) return undefined;
  const to = writtenForms(raw);
  return writtenForms(selector.slice(7)).map((form, k) => [form, to[k] ?? raw]);
}
