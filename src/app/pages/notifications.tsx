import { useEffect, useState } from 'preact/hooks';
import { call, session, type ArgsOf } from '../api.js';
import { useSites } from '../sites.js';
import { useApp } from '../state.js';
import { FormError, Page, SelectField, Show, TextField, useData, useSubmit } from '../ui.js';

/** An alert's kind, as `set_alert_settings` takes it. */
type AlertKind = ArgsOf<'set_alert_settings', 'PUT'>['subscriptions'][number]['kind'];

/**
 * Notifications by mail (docs/notifications.md): whether the server sends mail, a test e-mail for
 * its operator, and the alerts the signed-in login wants, per kind and site (all sites, or some).
 */
export function Notifications() {
  const { t } = useApp();
  // An employee chooses alerts of the sites they serve; mail's state and the campaign report are the customer's.
  const employee = session.employee();
  const status = useData(() => (employee ? Promise.resolve({ enabled: true, operator: false }) : call('mail_status')), []);
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
      {!employee && <Reports />}
    </Page>
  );
}

function TestMail() {
  const { t, lang } = useApp();
  const [to, setTo] = useState('');
  const [note, setNote] = useState('');
  const form = useSubmit(async () => {
    setNote('');
    const r = await call('send_test_mail', { to, lang }, 'POST');
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
  const settings = useData(() => call('alert_settings'), [customer?.id]);
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
    const subscriptions = [...chosen].map((k) => ({ site_id: Number(k.split(' ')[0]), kind: k.split(' ')[1] as AlertKind }));
    await call('set_alert_settings', { email, lang, subscriptions }, 'PUT');
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
          {s.kinds.map(({ kind }) => (
            <fieldset key={kind}>
              <legend>{names[kind] ?? kind}</legend>
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

/** The campaign report by mail: off, daily or weekly, at an hour of the customer's time zone. */
function Reports() {
  const { t, lang, customer } = useApp();
  const loaded = useData(() => call('report_schedules'), [customer?.id]);
  const [period, setPeriod] = useState('off');
  const [hour, setHour] = useState('9');
  const [weekday, setWeekday] = useState('1');
  const [email, setEmail] = useState('');
  const [note, setNote] = useState('');
  useEffect(() => {
    const s = loaded.data?.schedules[0];
    if (!s) return;
    setPeriod(s.period);
    setHour(String(s.hour));
    setWeekday(String(s.weekday));
    setEmail(s.email);
  }, [loaded.data]);
  const form = useSubmit(async () => {
    setNote('');
    const current = loaded.data?.schedules ?? [];
    for (const p of ['daily', 'weekly'] as const) {
      if (p === period) {
        await call('set_report_schedule', { period: p, hour: Number(hour), weekday: Number(weekday), email, lang }, 'PUT');
      } else if (current.some((s) => s.period === p)) {
        await call('set_report_schedule', { period: p, on: false, email: current.find((s) => s.period === p)!.email }, 'PUT');
      }
    }
    setNote(t.alertsSaved);
  });
  const hours = Array.from({ length: 24 }, (_, h): [string, string] => [String(h), `${String(h).padStart(2, '0')}:00`]);
  const days = t.weekdays.split(',').map((d, i): [string, string] => [String(i + 1), d]);
  return (
    <Show loaded={loaded}>
      {(data) => (
        <form class="card" onSubmit={form.onSubmit} noValidate aria-labelledby="reports-h">
          <h2 id="reports-h">{t.reportMail}</h2>
          <p class="muted">{t.reportMailIntro.replace('{zone}', data.time_zone)}</p>
          <SelectField
            id="report-period"
            label={t.reportPeriod}
            value={period}
            onChange={setPeriod}
            options={[
              ['off', t.reportOff],
              ['daily', t.reportDaily],
              ['weekly', t.reportWeekly],
            ]}
          />
          {period !== 'off' && (
            <>
              {period === 'weekly' && (
                <SelectField id="report-weekday" label={t.reportWeekday} value={weekday} onChange={setWeekday} options={days} />
              )}
              <SelectField id="report-hour" label={t.reportHour} value={hour} onChange={setHour} options={hours} />
              <TextField
                id="report-email"
                label={t.resetEmail}
                type="email"
                value={email}
                onInput={setEmail}
                autocomplete="email"
                required
                error={form.errors.email}
              />
            </>
          )}
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
