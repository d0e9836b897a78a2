import { useEffect, useState } from 'preact/hooks';
import { DeleteButton } from '../delete-button.js';
import { call, type DataOf } from '../api.js';
import { formatDateTime } from '../format.js';
import { fill } from '../i18n.js';
import { PasswordForm } from '../password-form.js';
import { useApp } from '../state.js';
import { minLength, required, useForm } from '../form.js';
import { Table } from '../table.js';
import { Page, SelectField, Show, TextField, useData } from '../ui.js';
import { SubmitRow } from '../submit-row.js';

type ApiLogin = DataOf<'api_login'>[number];

/** One's own password; and, with a customer, its API logins and its time zone. */
export function Account() {
  const { t, customer } = useApp();
  return (
    <Page title={t.account}>
      <OwnPassword />
      {customer && (
        <>
          <TimeZone />
          <ApiLogins />
        </>
      )}
    </Page>
  );
}

function OwnPassword() {
  const { t } = useApp();
  return (
    <PasswordForm
      id="own-password"
      title={t.ownPassword}
      askCurrent
      passwordField="new_password"
      onSubmit={(v) => call('change_password', { old_password: v.current, new_password: v.password }, 'PUT')}
    />
  );
}

/** Every zone the browser knows, the customer's own first when the browser lacks it. */
function zones(current: string): string[] {
  const all = Intl.supportedValuesOf('timeZone');
  return all.includes(current) ? all : [current, ...all];
}

function TimeZone() {
  const { t, lang, customer, refresh } = useApp();
  const [note, setNote] = useState('');
  const form = useForm(
    { time_zone: customer!.time_zone },
    {
      async submit(v) {
        setNote('');
        await call('customer_time_zone', { time_zone: v.time_zone }, 'PUT');
        setNote(t.saved);
        // Every page writes dates in the customer's zone: read the customer again.
        refresh();
      },
    },
  );
  useEffect(() => form.set('time_zone', customer!.time_zone), [customer!.time_zone]);
  // The clock beside the choice moves on while the page is open.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, []);
  return (
    <form class="card" onSubmit={form.onSubmit} noValidate aria-labelledby="time-zone-h">
      <h2 id="time-zone-h">{t.timeZone}</h2>
      <SelectField
        id="time_zone"
        label={t.timeZone}
        value={form.values.time_zone}
        onChange={(v) => form.set('time_zone', v)}
        options={zones(customer!.time_zone).map((z): [string, string] => [z, z.replace(/_/g, ' ')])}
        error={form.errors.time_zone}
      />
      <p class="muted">
        {t.timeThere} <time id="time-there">{formatDateTime(new Date(now).toISOString(), lang, customer!.time_zone)}</time>
      </p>
      <SubmitRow form={form} label={t.save} note={note} />
    </form>
  );
}

function ApiLogins() {
  const { t, customer } = useApp();
  const logins = useData(() => call('api_login', { limit: 1000 }), [customer?.id]);
  return (
    <section class="card" aria-labelledby="api-logins-h">
      <h2 id="api-logins-h">{t.apiLogins}</h2>
      <p class="muted">{t.apiLoginsHelp}</p>
      <Show loaded={logins}>
        {(ls) => (
          <>
            <Table
              id="api-logins"
              label={t.apiLogins}
              rows={ls}
              rowKey={(l) => l.id}
              columns={[
                {
                  key: 'login',
                  label: t.login,
                  head: true,
                  text: (l) => l.login,
                  cell: (l) => (
                    <>
                      {l.login} {l.current && <span class="muted">({t.you})</span>}
                    </>
                  ),
                },
                {
                  key: 'actions',
                  label: t.remove,
                  class: 'actions',
                  csv: false,
                  cell: (l) => (
                    <DeleteButton
                      class="secondary"
                      label={t.remove}
                      name={l.login}
                      ask={{ title: fill(t.removeApiLoginTitle, { login: l.login }), body: t.removeApiLoginText, yes: t.remove }}
                      run={() => call('api_login', { id: l.id }, 'DELETE')}
                      done={logins.reload}
                    />
                  ),
                },
              ]}
            />
            <AddApiLogin onAdded={logins.reload} />
            <ApiLoginPassword logins={ls} />
          </>
        )}
      </Show>
    </section>
  );
}

function AddApiLogin({ onAdded }: { onAdded(): void }) {
  const { t } = useApp();
  const [note, setNote] = useState('');
  const form = useForm(
    { login: '', password: '' },
    {
      check: { login: required(t.fieldRequired), password: minLength(8, fill(t.atLeastChars, { n: 8 })) },
      async submit(v) {
        setNote('');
        await call('api_login', { login: v.login.trim(), password: v.password }, 'POST');
        form.reset();
        setNote(t.apiLoginAdded);
        onAdded();
      },
    },
  );
  return (
    <form onSubmit={form.onSubmit} noValidate aria-labelledby="new-api-login-h">
      <h3 id="new-api-login-h">{t.addApiLogin}</h3>
      <TextField {...form.field('login', t.login, 'api-login')} autocomplete="off" required />
      <TextField {...form.field('password', t.password, 'api-login-password')} type="password" autocomplete="new-password" required />
      <SubmitRow form={form} label={t.add} note={note} />
    </form>
  );
}

/** A login's new password; its other sessions end. */
function ApiLoginPassword({ logins }: { logins: ApiLogin[] }) {
  const { t } = useApp();
  return (
    <PasswordForm
      id="api-login-password"
      title={t.apiLoginPassword}
      heading="h3"
      who={{ label: t.login, options: logins.map((l): [string, string] => [String(l.id), l.login]) }}
      onSubmit={async (v) => void (await call('api_login', { id: Number(v.who), password: v.password }, 'PUT'))}
    />
  );
}
