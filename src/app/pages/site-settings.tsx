import { useEffect, useState } from 'preact/hooks';
import { call, type DataOf } from '../api.js';
import { formatPhone } from '../format.js';
import { useApp } from '../state.js';
import { FormError, SelectField, Show, TextField, useData, useSubmit } from '../ui.js';

type Settings = DataOf<'site_settings'>['settings'];

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
  const [v, setV] = useState<Settings | null>(null);
  const [lease, setLease] = useState('');
  const [saved, setSaved] = useState('');
  useEffect(() => {
    if (loaded.data) {
      setV(loaded.data.settings);
      setLease(String(loaded.data.settings.dt_lease_minutes));
    }
  }, [loaded.data]);
  const form = useSubmit(async () => {
    setSaved('');
    const minutes = Number(lease);
    if (!/^\d+$/.test(lease.trim()) || minutes > 1440) {
      form.setErrors({ dt_lease_minutes: '0–1440' });
      return;
    }
    await call('site_settings', { site_id: siteId, ...v!, dt_lease_minutes: minutes }, 'PUT');
    setSaved(t.saved);
  });
  const set = <K extends keyof Settings>(k: K, value: Settings[K]) => setV({ ...v!, [k]: value });
  return (
    <>
      <section class="card" aria-labelledby="settings-h">
        <h2 id="settings-h">{t.settings}</h2>
        <Show loaded={loaded}>
          {(d) =>
            v && (
              <form onSubmit={form.onSubmit} noValidate class="grid">
                <SelectField
                  id="widget-lang"
                  label={t.widgetLang}
                  value={v.lang}
                  onChange={(x) => set('lang', x as 'ru' | 'en')}
                  options={[
                    ['ru', 'Русский'],
                    ['en', 'English'],
                  ]}
                  error={form.errors.lang}
                />
                <SelectField
                  id="callback_scenario"
                  label={t.callbackScenario}
                  value={v.callback_scenario ?? ''}
                  onChange={(x) => set('callback_scenario', x || null)}
                  options={[['', t.noScenario], ...d.scenarios.map((s): [string, string] => [s, s])]}
                  error={form.errors.callback_scenario}
                />
                <TextField
                  id="dt_lease_minutes"
                  label={t.leaseMinutes}
                  inputMode="numeric"
                  value={lease}
                  onInput={setLease}
                  error={form.errors.dt_lease_minutes}
                />
                <SelectField
                  id="dt_overflow"
                  label={t.overflow}
                  value={v.dt_overflow}
                  onChange={(x) => set('dt_overflow', x as 'static' | 'reserved')}
                  options={[
                    ['static', t.overflowStatic],
                    ['reserved', t.overflowReserved],
                  ]}
                  error={form.errors.dt_overflow}
                />
                <SelectField
                  id="dt_reserved_number"
                  label={t.reservedNumber}
                  value={v.dt_reserved_number ?? ''}
                  onChange={(x) => set('dt_reserved_number', x || null)}
                  options={[['', t.none], ...d.numbers.map((n): [string, string] => [n.phone_number, formatPhone(n.phone_number)])]}
                  error={form.errors.dt_reserved_number}
                />
                <div class="field check">
                  <input
                    id="captcha"
                    type="checkbox"
                    checked={v.captcha}
                    onChange={(e) => set('captcha', (e.target as HTMLInputElement).checked)}
                  />
                  <label for="captcha">{t.captcha}</label>
                </div>
                <FormError errors={form.errors} />
                <div class="row">
                  <button type="submit" disabled={form.busy}>
                    {t.save}
                  </button>
                  <span role="status">{saved}</span>
                </div>
              </form>
            )
          }
        </Show>
      </section>
      <CallRecordingForm siteId={siteId} />
    </>
  );
}

/** Whether calls to the site's carrier numbers are recorded, and the notice callers hear first (docs/carriers.md). */
function CallRecordingForm({ siteId }: { siteId: number }) {
  const { t, customer } = useApp();
  const loaded = useData(() => call('site_call_recording', { site_id: siteId }), [siteId, customer?.id]);
  const [record, setRecord] = useState<boolean | null>(null);
  const [notice, setNotice] = useState('');
  const [saved, setSaved] = useState('');
  useEffect(() => {
    if (loaded.data) {
      setRecord(loaded.data.call_recording);
      setNotice(loaded.data.recording_notice ?? '');
    }
  }, [loaded.data]);
  const form = useSubmit(async () => {
    setSaved('');
    await call('site_call_recording', { site_id: siteId, call_recording: !!record, recording_notice: notice.trim() || null }, 'PUT');
    setSaved(t.saved);
  });
  return (
    <section class="card" aria-labelledby="recording-h">
      <h2 id="recording-h">{t.callRecording}</h2>
      <Show loaded={loaded}>
        {() =>
          record !== null && (
            <form onSubmit={form.onSubmit} noValidate class="grid">
              <div class="field check">
                <input
                  id="call_recording"
                  type="checkbox"
                  checked={record}
                  onChange={(e) => setRecord((e.target as HTMLInputElement).checked)}
                />
                <label for="call_recording">{t.recordCalls}</label>
              </div>
              <TextField
                id="recording_notice"
                label={t.recordingNotice}
                value={notice}
                onInput={setNotice}
                error={form.errors.recording_notice}
              />
              <p class="muted">{t.recordingNoticeHint}</p>
              <FormError errors={form.errors} />
              <div class="row">
                <button type="submit" disabled={form.busy}>
                  {t.saveRecording}
                </button>
                <span role="status">{saved}</span>
              </div>
            </form>
          )
        }
      </Show>
    </section>
  );
}
