import { useState } from 'preact/hooks';
import { call } from './api.js';
import { useForm } from './form.js';
import { fill, type Texts } from './i18n.js';
import { useApp } from './state.js';
import { FormError, Show, TextField, useData } from './ui.js';

/**
 * The campaign page's answers to "is tracking working?": a preview link that opens the site as a
 * visitor of this campaign would see it (the server's `preview_link`), why the week's visits kept
 * the site's own number (`number_reasons`), and a link to each dynamic pool's usage page.
 */

/** Why a visit kept the site's number (or `preview`), in words; the code itself when unknown. */
export function reasonText(t: Texts, reason: string): string {
  const texts: Record<string, string> = {
    no_campaign: t.reasonNoCampaign,
    dry: t.reasonDry,
    share: t.reasonShare,
    bot: t.reasonBot,
    preview_invalid: t.reasonPreviewInvalid,
    preview_expired: t.reasonPreviewExpired,
    preview: t.reasonPreview,
  };
  return texts[reason] ?? reason;
}

/** The journal's note on a record's number: why its visit kept the site's number, or that it was a preview. */
/** What the journal says of a visit that kept the site's number (null: it did not). */
export function keptWords(t: Texts, reason: string | null): string | null {
  if (!reason) return null;
  return reason === 'preview' ? t.reasonPreview : fill(t.journalKept, { reason: reasonText(t, reason) });
}

export function NumberReason({ reason }: { reason: string | null }) {
  const { t } = useApp();
  const words = keptWords(t, reason);
  return words ? <div class="muted number-reason">{words}</div> : null;
}

export function CampaignInsight({ acId, siteId }: { acId: number; siteId: number }) {
  const { t } = useApp();
  const reasons = useData(() => call('number_reasons', { site_id: siteId, ac_id: acId, days: 7 }), [siteId, acId]);
  const pools = useData(async () => (await call('number_block', { ac_id: acId })).filter((b) => b.is_dt_enabled), [acId]);
  return (
    <>
      <PreviewOnSite acId={acId} />
      <section class="card" aria-labelledby="kept-h">
        <h2 id="kept-h">{t.keptTitle}</h2>
        <Show loaded={reasons}>
          {(r) => (
            <p id="kept-reasons">
              {r.kept
                ? fill(t.keptSummary, {
                    n: r.kept,
                    visits: r.visits,
                    list: r.reasons.map((x) => `${x.visits} ${reasonText(t, x.reason)}`).join(', '),
                  })
                : r.visits
                  ? fill(t.keptNone, { visits: r.visits })
                  : t.keptNoVisits}
              {r.previews ? ' ' + fill(t.keptPreviews, { n: r.previews }) : ''}
            </p>
          )}
        </Show>
        <Show loaded={pools}>
          {(list) =>
            list.length ? (
              <ul class="list">
                {list.map((b) => (
                  <li key={b.id}>
                    <a href={`/app/pools/${b.id}?ac=${acId}`}>{fill(t.poolUsageOf, { name: b.name })}</a>
                  </li>
                ))}
              </ul>
            ) : null
          }
        </Show>
      </section>
    </>
  );
}

/** "Preview on my site": asks the server for a signed link and shows it, and until when it works on the customer's clock. */
function PreviewOnSite({ acId }: { acId: number }) {
  const { t, lang, customer } = useApp();
  const [link, setLink] = useState<{ url: string; expires_at: string } | null>(null);
  const form = useForm(
    { page: '' },
    {
      async submit(v) {
        setLink(await call('preview_link', { ac_id: acId, page: v.page.trim() || undefined }));
      },
    },
  );
  const until =
    link &&
    new Intl.DateTimeFormat(lang, { hour: '2-digit', minute: '2-digit', timeZone: customer!.time_zone }).format(new Date(link.expires_at));
  return (
    <section class="card" aria-labelledby="site-preview-h">
      <h2 id="site-preview-h">{t.previewOnSite}</h2>
      <p class="muted">{t.previewOnSiteHelp}</p>
      <form onSubmit={form.onSubmit} noValidate class="row" aria-label={t.previewOnSite}>
        <TextField {...form.field('page', t.previewPage, 'preview-page')} />
        <FormError errors={form.errors} />
        <button type="submit" disabled={form.busy}>
          {t.previewOnSite}
        </button>
      </form>
      {link && (
        <p role="status">
          <a id="preview-link" href={link.url} target="_blank" rel="noopener">
            {t.previewOpen}
          </a>{' '}
          <span class="muted">{fill(t.previewUntil, { time: until ?? '' })}</span>
        </p>
      )}
    </section>
  );
}
