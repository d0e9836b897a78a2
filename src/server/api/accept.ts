/**
 * Content negotiation of the REST API's answers by `Accept` (RFC 9110, section 12.5.1): the media
 * ranges with their `q` weights, the most specific range deciding each type's weight. A value the
 * API can answer with is chosen by weight, then by how specifically the header names it, then by
 * its place in the header, then JSON first, so `*\/*` (curl's, fetch's and Swagger UI's default)
 * and `application/*` get JSON and `text/xml` gets XML.
 */

/** The media types the API answers with, JSON first (the choice when the header weighs them alike). */
export const ANSWER_TYPES = ['application/json', 'application/xml', 'text/xml'] as const;
export type AnswerType = (typeof ANSWER_TYPES)[number];

interface Range {
  type: string;
  subtype: string;
  q: number;
  /** Its place in the header. */
  index: number;
}

/** The media ranges of an `Accept` value; an unreadable entry is skipped, as servers do. */
function ranges(header: string): Range[] {
  const out: Range[] = [];
  header.split(',').forEach((entry, index) => {
    const [range = '', ...params] = entry.split(';');
    const m = /^\s*([a-z0-9!#$%&'*+.^_`|~-]+)\/([a-z0-9!#$%&'*+.^_`|~-]+)\s*$/i.exec(range);
    if (!m) return;
    let q = 1;
    for (const p of params) {
      const qm = /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(p);
      if (!qm) continue;
      // RFC 9110 qvalue: 0 to 1 with at most three decimals ("1.000" is the longest).
      const value = Number(qm[1]);
      q = qm[1]!.length <= 5 && value >= 0 && value <= 1 ? value : 0;
    }
    const type = m[1]!.toLowerCase();
    const subtype = m[2]!.toLowerCase();
    if (type === '*' && subtype !== '*') return;
    out.push({ type, subtype, q, index });
  });
  return out;
}

/** How specifically `r` names `type/subtype`: 2 exactly, 1 by `type/*`, 0 by `*\/*`, -1 not at all. */
function specificity(r: Range, type: string, subtype: string): number {
  if (r.type === type && r.subtype === subtype) return 2;
  if (r.type === type && r.subtype === '*') return 1;
  if (r.type === '*') return 0;
  return -1;
}

/** The answer type an `Accept` value admits best; null when it admits none (or is absent or empty). */
export function negotiate(header: string | undefined): AnswerType | null {
  if (!header?.trim()) return null;
  const rs = ranges(header);
  let best: { t: AnswerType; q: number; s: number; index: number; order: number } | null = null;
  ANSWER_TYPES.forEach((t, order) => {
    const [type, subtype] = t.split('/') as [string, string];
    let match: Range | null = null;
    let s = -1;
    for (const r of rs) {
      const rs2 = specificity(r, type, subtype);
      if (rs2 > s) {
        s = rs2;
        match = r;
      }
    }
    if (!match || match.q <= 0) return;
    const c = { t, q: match.q, s, index: match.index, order };
    const better =
      !best ||
      c.q > best.q ||
      (c.q === best.q && (c.s > best.s || (c.s === best.s && (c.index < best.index || (c.index === best.index && c.order < best.order)))));
    if (better) best = c;
  });
  return (best as { t: AnswerType } | null)?.t ?? null;
}
