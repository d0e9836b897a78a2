import { XMLParser } from 'fast-xml-parser';

/**
 * An XML answer read back into the value it says, by its `type` attributes: what a client of the
 * vendor's XML would get, so it can be compared with the JSON answer field by field.
 */
export function fromXml(xml: string): unknown {
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    preserveOrder: true,
    parseTagValue: false,
    trimValues: false,
  });
  const doc = parser.parse(xml) as Array<Record<string, unknown>>;
  const root = doc.find((n) => 'root' in n)!;
  type Node = Record<string, unknown> & { ':@'?: Record<string, string> };
  const value = (node: Node): unknown => {
    const tag = Object.keys(node).find((k) => k !== ':@')!;
    const type = node[':@']?.['@type'];
    const children = node[tag] as Node[];
    const textOf = () => children.map((c) => (c['#text'] as string | undefined) ?? '').join('');
    switch (type) {
      case 'dict':
        return Object.fromEntries(children.map((c) => [Object.keys(c).find((k) => k !== ':@')!, value(c)]));
      case 'list':
        return children.map(value);
      case 'int':
      case 'float':
        return Number(textOf());
      case 'bool':
        return textOf() === 'true';
      case 'null':
        return null;
      case 'text':
        return textOf();
      default:
        throw new Error(`element ${tag} without a known type: ${String(type)}`);
    }
  };
  const children = root.root as Node[];
  return Object.fromEntries(children.map((c) => [Object.keys(c).find((k) => k !== ':@')!, value(c)]));
}
