import { useState } from 'preact/hooks';
import { call, type DataOf } from '../api.js';
import { useForm } from '../form.js';
import { formatPhone } from '../format.js';
import { useApp } from '../state.js';
import { SelectField, Show, TextField, useData } from '../ui.js';
import { SubmitRow } from '../submit-row.js';
import { CheckField, selectOf } from '../form-fields.js';

/** The site's settings, the scenarios' names and the customer's numbers. */
type Loaded = DataOf<'site_settings'> & { numbers: DataOf<'virtual_numbers'> };

/** A site's settings: widgets' language and captcha, call-back scenario, DT lease and overflow. */
export function SiteSettingsForm({ siteId }: { siteId: number }) {
  const { t, customer } = useApp();
  const loaded = useData(
    async () => ({
      ...(await call('site_settings', { site_id: siteId })),
      numbers: await call('virtual_numbers', { limit: 1000 }),
    }),
    [siteId, customer?.id],
  );
  return (
    <>
      <section class="card" aria-labelledby="settings-h">
        <h2 id="settings-h">{t.settings}</h2>
        <Show loaded={loaded}>{(d) => <SettingsFields key={siteId} siteId={siteId} loaded={d} />}</Show>
      </section>
      <CallRecordingForm siteId={siteId} />
    </>
  );
}

/** The settings as loaded: the form starts from them (a choice of none is the empty text). */
function SettingsFields({ siteId, loaded }: { siteId: number; loaded: Loaded }) {
  const { t } = useApp();
  const s = loaded.settings;
  const [saved, setSaved] = useState('');
  const form = useForm(
    {
      lang: s.lang,
      callback_scenario: s.callback_scenario ?? '',
      dt_lease_minutes: String(s.dt_lease_minutes),
      dt_overflow: s.dt_overflow,
      dt_reserved_number: s.dt_reserved_number ?? '',
      captcha: s.captcha,
    },
    {
      check: { dt_lease_minutes: (v) => (/^\d+$/.test(v.trim()) && Number(v) <= 1440 ? null : '0–1440') },
      async submit(v) {
        setSaved('');
        const settings = {
          ...v,
          callback_scenario: v.callback_scenario || null,
          dt_lease_minutes: Number(v.dt_lease_minutes),
          dt_reserved_number: v.dt_reserved_number || null,
        };
        await call('site_settings', { site_id: siteId, ...settings }, 'PUT');
        setSaved(t.saved);
      },
    },
  );
  return (
    <form onSubmit={form.onSubmit} noValidate class="grid choices">
      <SelectField
        {...selectOf(form, 'lang', t.widgetLang, 'widget-lang')}
        options={[
          ['ru', 'Русский'],
          ['en', 'English'],
        ]}
      />
      <SelectField
        {...selectOf(form, 'callback_scenario', t.callbackScenario)}
        options={[['', t.noScenario], ...loaded.scenarios.map((s): [string, string] => [s, s])]}
      />
      <TextField {...form.field('dt_lease_minutes', t.leaseMinutes)} inputMode="numeric" />
      <SelectField
        {...selectOf(form, 'dt_overflow', t.overflow)}
        options={[
          ['static', t.overflowStatic],
          ['reserved', t.overflowReserved],
        ]}
      />
      <SelectField
        {...selectOf(form, 'dt_reserved_number', t.reservedNumber)}
        options={[['', t.none], ...loaded.numbers.map((n): [string, string] => [n.phone_number, formatPhone(n.phone_number)])]}
      />
      <CheckField form={form} name="captcha" label={t.captcha} />
      <SubmitRow form={form} label={t.save} note={saved} />
    </form>
  );
}

/** Whether calls to the site's carrier numbers are recorded, and the notice callers hear first (docs/carriers.md). */
function CallRecordingForm({ siteId }: { siteId: number }) {
  const { t, customer } = useApp();
  const loaded = useData(() => call('site_call_recording', { site_id: siteId }), [siteId, customer?.id]);
  return (
    <section class="card" aria-labelledby="recording-h">
      <h2 id="recording-h">{t.callRecording}</h2>
      <Show loaded={loaded}>{(d) => <RecordingFields key={siteId} siteId={siteId} loaded={d} />}</Show>
    </section>
  );
}

function RecordingFields({ siteId, loaded }: { siteId: number; loaded: DataOf<'site_call_recording'> }) {
  const { t } = useApp();
  const [saved, setSaved] = useState('');
  const form = useForm(
    { call_recording: loaded.call_recording, recording_notice: loaded.recording_notice ?? '' },
    {
      async submit(v) {
        setSaved('');
        await call('site_call_recording', { site_id: siteId, ...v, recording_notice: v.recording_notice.trim() || null }, 'PUT');
        setSaved(t.saved);
      },
    },
  );
  return (
    <form onSubmit={form.onSubmit} noValidate class="grid">
      <CheckField form={form} name="call_recording" label={t.recordCalls} />
      <TextField {...form.field('recording_notice', t.recordingNotice)} />
      <p class="muted">{t.recordingNoticeHint}</p>
      <SubmitRow form={form} label={t.saveRecording} note={saved} />
    </form>
  );
}
