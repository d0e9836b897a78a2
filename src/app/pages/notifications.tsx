import { useEffect, useState } from 'preact/hooks';
import { call, session, type ArgsOf } from '../api.js';
import { useSites } from '../sites.js';
import { useApp } from '../state.js';
import { FormError, Page, SelectField, Show, TextField, useData, type FieldErrors } from '../ui.js';
import { useForm } from '../form.js';
import { selectOf } from '../form-fields.js';

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
  const [note, setNote] = useState('');
  const form = useForm(
    { to: '' },
    {
      async submit(v) {
        setNote('');
        const r = await call('send_test_mail', { to: v.to, lang }, 'POST');
        setNote(r.enabled ? t.testMailSent : t.testMailLogged);
      },
    },
  );
  return (
    <form class="card" onSubmit={form.onSubmit} noValidate aria-labelledby="test-mail-h">
      <h2 id="test-mail-h">{t.testMail}</h2>
      <TextField {...form.field('to', t.resetEmail)} type="email" autocomplete="email" required />
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
  const [note, setNote] = useState('');
  const form = useForm(
    { email: '', subscriptions: [] as readonly string[] },
    {
      async submit(v) {
        setNote('');
        const subscriptions = v.subscriptions.map((k) => ({ site_id: Number(k.split(' ')[0]), kind: k.split(' ')[1] as AlertKind }));
        await call('set_alert_settings', { email: v.email, lang, subscriptions }, 'PUT');
        setNote(t.alertsSaved);
      },
    },
  );
  useEffect(() => {
    if (!settings.data) return;
    form.set('email', settings.data.email);
    form.set(
      'subscriptions',
      settings.data.subscriptions.map((s) => key(s.site_id, s.kind)),
    );
  }, [settings.data]);
  const chosen = form.values.subscriptions;
  const toggle = (k: string, on: boolean) =>
    form.set('subscriptions', on ? [...chosen.filter((x) => x !== k), k] : chosen.filter((x) => x !== k));
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
          <TextField {...form.field('email', t.resetEmail)} type="email" autocomplete="email" required />
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
                      checked={chosen.includes(key(site.id, kind))}
                      onChange={(e) => toggle(key(site.id, kind), (e.target as HTMLInputElement).checked)}
                    />
                    <label for={id}>{site.domain}</label>
                  </div>
                );
              })}
            </fieldset>
          ))}
          <SaveFooter form={form} note={note} />
        </form>
      )}
    </Show>
  );
}

/** The campaign report by mail: off, daily or weekly, at an hour of the customer's time zone. */
function Reports() {
  const { t, lang, customer } = useApp();
  const loaded = useData(() => call('report_schedules'), [customer?.id]);
  const [note, setNote] = useState('');
  const form = useForm(
    { period: 'off', hour: '9', weekday: '1', email: '' },
    {
      async submit(v) {
        setNote('');
        const current = loaded.data?.schedules ?? [];
        for (const p of ['daily', 'weekly'] as const) {
          if (p === v.period) {
            await call('set_report_schedule', { period: p, hour: Number(v.hour), weekday: Number(v.weekday), email: v.email, lang }, 'PUT');
          } else if (current.some((s) => s.period === p)) {
            await call('set_report_schedule', { period: p, on: false, email: current.find((s) => s.period === p)!.email }, 'PUT');
          }
        }
        setNote(t.alertsSaved);
      },
    },
  );
  useEffect(() => {
    const s = loaded.data?.schedules[0];
    if (!s) return;
    form.set('period', s.period);
    form.set('hour', String(s.hour));
    form.set('weekday', String(s.weekday));
    form.set('email', s.email);
  }, [loaded.data]);
  const { period } = form.values;
  const hours = Array.from({ length: 24 }, (_, h): [string, string] => [String(h), `${String(h).padStart(2, '0')}:00`]);
  const days = t.weekdays.split(',').map((d, i): [string, string] => [String(i + 1), d]);
  return (
    <Show loaded={loaded}>
      {(data) => (
        <form class="card" onSubmit={form.onSubmit} noValidate aria-labelledby="reports-h">
          <h2 id="reports-h">{t.reportMail}</h2>
          <p class="muted">{t.reportMailIntro.replace('{zone}', data.time_zone)}</p>
          <SelectField
            {...selectOf(form, 'period', t.reportPeriod, 'report-period')}
            options={[
              ['off', t.reportOff],
              ['daily', t.reportDaily],
              ['weekly', t.reportWeekly],
            ]}
          />
          {period !== 'off' && (
            <>
              {period === 'weekly' && <SelectField {...selectOf(form, 'weekday', t.reportWeekday, 'report-weekday')} options={days} />}
              <SelectField {...selectOf(form, 'hour', t.reportHour, 'report-hour')} options={hours} />
              <TextField {...form.field('email', t.resetEmail, 'report-email')} type="email" autocomplete="email" required />
            </>
          )}
          <SaveFooter form={form} note={note} />
        </form>
      )}
    </Show>
  );
}

/** The end of a settings form here: its refusal, what the last save did, the save button. */
function SaveFooter({ form, note }: { form: { errors: FieldErrors; busy: boolean }; note: string }) {
  const { t } = useApp();
  return (
    <>
      <FormError errors={form.errors} />
      {note && <p role="status">{note}</p>}
      <button type="submit" disabled={form.busy}>
        {t.save}
      </button>
    </>
  );
}
