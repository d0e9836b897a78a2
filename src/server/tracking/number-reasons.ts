/**
 * Why a visit (a session) kept the site's own number instead of a tracking number, stored on the
 * session (`sessions.number_reason`, migration 120) by the page view that found it, so that the
 * journal and the campaign page can say why, and a site owner testing from the office is not left
 * to conclude that tracking is broken:
 *
 * - `no_campaign`: no campaign matched the visit, and the site's own blocks lease no number;
 * - `dry`: every number of the pool was leased;
 * - `share`: the visitor's address (or browser family) held its share of the pool
 *   (leases/lease-policy.ts);
 * - `bot`: a known bot or headless browser;
 * - `preview_invalid`, `preview_expired`: the page carried a preview link that was not valid
 *   (tracking/preview-token.ts), so it was a normal visit, and that visit kept the site's number.
 *
 * `preview` marks the owner's own preview (not a reason: it got a number past the lease policy);
 * such a session is never counted as a visit. Consent not given is not among them: the snippet
 * sends nothing before consent, so the server never sees such a visit.
 */
export const NUMBER_REASONS = ['no_campaign', 'dry', 'share', 'bot', 'preview_invalid', 'preview_expired'] as const;

export type NumberReason = (typeof NUMBER_REASONS)[number];

/** What a session's `number_reason` holds: a reason, or the owner's preview. */
export type NumberNote = NumberReason | 'preview';

/** Why a preview link was ignored (tracking/preview-token.ts). */
export type PreviewRefusal = 'preview_invalid' | 'preview_expired';

/** What the page view learnt while choosing the session's numbers. */
export interface NumbersOutcome {
  /** At least one number of a pool was shown. */
  leased: boolean;
  /** Why the first pool that gave no number gave none. */
  refused?: 'dry' | 'share' | 'bot' | undefined;
}

/**
 * The session's note after a page view: `stored` what it held before (null for a new session),
 * `preview` whether the session is the owner's preview, `badPreview` why this page view's preview
 * link was ignored. A bad link stays the reason while the session keeps the site's number: it is
 * what the owner has to fix.
 */
export function numberNote(
  session: { ac_id: number; preview: boolean },
  stored: string | null,
  outcome: NumbersOutcome,
  badPreview: PreviewRefusal | undefined,
): NumberNote | null {
  if (session.preview) return 'preview';
  if (outcome.leased) return null;
  if (badPreview) return badPreview;
  if (stored === 'preview_invalid' || stored === 'preview_expired') return stored;
  if (outcome.refused) return outcome.refused;
  return session.ac_id === -1 ? 'no_campaign' : null;
}
