import { useEffect, useState } from 'preact/hooks';
import { restData } from '../api.js';
import { useSites } from '../sites.js';
import { useApp } from '../state.js';
import { FormError, Page, Show, TextField, useData, useSubmit } from '../ui.js';

/** The answers of the mail functions (docs/rest-api.md, "Notifications"). */
interface MailStatus {
  enabled: boolean;
  operator: boolean;
}
interface AlertSettings {
  email: string;
  lang: 'en' | 'ru';
  subscriptions: Array<{ site_id: number; kind: string }>;
  kinds: Array<{ kind: string; wired: boolean }>;
}

/**
 * Notifications by mail (docs/notifications.md): whether the server sends mail, a test e-mail for
 * its operator, and the alerts the signed-in login wants, per kind and site (all sites, or some).
 */
export function Notifications() {
  const { t } = useApp();
  const status = useData(() => restData<MailStatus>('mail_status'), []);
  return (
    <Page title={t.notifications}>
      <Show loaded={status}>
        {(s) => (
          <>
            {!s.enabled && (
              <p class="error" role="status">
                {t.mailOff}
              </p>
            )}
            {s.operator && <TestMail />}
          </>
        )}
      </Show>
      <Alerts />
    </Page>
  );
}

function TestMail() {
  const { t, lang } = useApp();
  const [to, setTo] = useState('');
  const [note, setNote] = useState('');
  const form = useSubmit(async () => {
    setNote('');
    const r = await restData<{ enabled: boolean }>('send_test_mail', { to, lang }, 'POST');
    setNote(r.enabled ? t.testMailSent : t.testMailLogged);
  });
  return (
    <form class="card" onSubmit={form.onSubmit} noValidate aria-labelledby="test-mail-h">
      <h2 id="test-mail-h">{t.testMail}</h2>
      <TextField
        id="to"
        label={t.resetEmail}
        type="email"
        value={to}
        onInput={setTo}
        autocomplete="email"
        required
        error={form.errors.to}
      />
      <FormError errors={form.errors} />
      {note && <p role="status">{note}</p>}
      <button type="submit" disabled={form.busy}>
        {t.testMailSend}
      </button>
    </form>
  );
}

const key = (site: number, kind: string) => `${site} ${kind}`;

function Alerts() {
  const { t, lang, customer } = useApp();
  const sites = useSites();
  const settings = useData(() => restData<AlertSettings>('alert_settings'), [customer?.id]);
  const [email, setEmail] = useState('');
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [note, setNote] = useState('');
  useEffect(() => {
    if (!settings.data) return;
    setEmail(settings.data.email);
    setChosen(new Set(settings.data.subscriptions.map((s) => key(s.site_id, s.kind))));
  }, [settings.data]);
  const form = useSubmit(async () => {
    setNote('');
    const subscriptions = [...chosen].map((k) => ({ site_id: Number(k.split(' ')[0]), kind: k.split(' ')[1]! }));
    await restData<void>('set_alert_settings', { email, lang, subscriptions }, 'PUT');
    setNote(t.alertsSaved);
  });
  const toggle = (k: string, on: boolean) =>
    setChosen((c) => {
      const next = new Set(c);
      if (on) next.add(k);
      else next.delete(k);
      return next;
    });
  const names: Record<string, string> = {
    missed_call: t.alertMissedCall,
    request: t.alertRequest,
    chat_unanswered: t.alertChatUnanswered,
    qualified: t.alertQualified,
    pool_dry: t.alertPoolDry,
    webhook_off: t.alertWebhookOff,
    carrier_failing: t.alertCarrierFailing,
  };
  return (
    <Show loaded={settings}>
      {(s) => (
        <form class="card" onSubmit={form.onSubmit} noValidate aria-labelledby="alerts-h">
          <h2 id="alerts-h">{t.alerts}</h2>
          <p class="muted">{t.alertsIntro}</p>
          <TextField
            id="email"
            label={t.resetEmail}
            type="email"
            value={email}
            onInput={setEmail}
            autocomplete="email"
            required
            error={form.errors.email}
          />
          {s.kinds.map(({ kind, wired }) => (
            <fieldset key={kind} disabled={!wired}>
              <legend>
                {names[kind] ?? kind}
                {!wired && <span class="muted"> ({t.alertNotWired})</span>}
              </legend>
              {[{ id: 0, domain: t.allSites }, ...(sites.data ?? [])].map((site) => {
                const id = `alert-${kind}-${site.id}`;
                return (
                  <div class="check" key={id}>
                    <input
                      id={id}
                      type="checkbox"
                      checked={chosen.has(key(site.id, kind))}
                      onChange={(e) => toggle(key(site.id, kind), (e.target as HTMLInputElement).checked)}
                    />
                    <label for={id}>{site.domain}</label>
                  </div>
                );
              })}
            </fieldset>
          ))}
          <FormError errors={form.errors} />
          {note && <p role="status">{note}</p>}
          <button type="submit" disabled={form.busy}>
            {t.save}
          </button>
        </form>
      )}
    </Show>
  );
}
