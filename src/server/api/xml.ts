/**
 * The REST API's XML output, in the shape of the vendor's (Python dicttoxml, see
 * docs/spec/rest-vendor-notes.md): root element `root`, every element carrying a `type`
 * attribute (`dict`, `list`, `text`, `int`, `float`, `bool`, `null`), list elements holding `<item>`
 * children. Text is typed `text`, as the document writes it (the vendor writes `str`; where the
 * two differ the document wins). The same value as the JSON answer, element for element.
 */

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ESC[c]!);
// Characters XML 1.0 cannot carry at all, even escaped: dropped rather than making the document unreadable.
// eslint-disable-next-line no-control-regex
const INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** An element name for a key: keys are the API's own field names, but a map (custom_fields) may carry any text. */
function elementName(key: string): string {
  return /^[A-Za-z_][\w.-]*$/.test(key) && !/^xml/i.test(key) ? key : 'key';
}

function element(name: string, value: unknown): string {
  const tag = elementName(name);
  const attr = tag === name ? '' : ` name="${escape(name.replace(INVALID, ''))}"`;
  if (value === null || value === undefined) return `<${tag}${attr} type="null"></${tag}>`;
  if (Array.isArray(value)) return `<${tag}${attr} type="list">${value.map((v) => element('item', v)).join('')}</${tag}>`;
  switch (typeof value) {
    case 'boolean':
      return `<${tag}${attr} type="bool">${value}</${tag}>`;
    case 'number':
      return `<${tag}${attr} type="${Number.isInteger(value) ? 'int' : 'float'}">${value}</${tag}>`;
    case 'string':
      return `<${tag}${attr} type="text">${escape(value.replace(INVALID, ''))}</${tag}>`;
    case 'object':
      return `<${tag}${attr} type="dict">${Object.entries(value as Record<string, unknown>)
        .map(([k, v]) => element(k, v))
        .join('')}</${tag}>`;
    default:
      return `<${tag}${attr} type="text">${escape(String(value))}</${tag}>`;
  }
}

/**
 * An envelope (`{success, data}` or `{success, message}`) as an XML document; `success` last, as
 * the vendor writes it.
 */
export function toXml(envelope: Record<string, unknown>): string {
  const { success, ...rest } = envelope;
  return `<?xml version="1.0" encoding="UTF-8" ?><root>${Object.entries(rest)
    .map(([k, v]) => element(k, v))
    .join('')}${element('success', success)}</root>`;
}
