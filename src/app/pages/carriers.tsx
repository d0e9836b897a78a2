import { useState } from 'preact/hooks';
import { call, type DataOf } from '../api.js';
import { useForm } from '../form.js';
import { fill } from '../i18n.js';
import { useApp } from '../state.js';
import { DeleteButton } from '../delete-button.js';
import { Table } from '../table.js';
import { Empty, Page, SelectField, Show, TextField, useData } from '../ui.js';
import { SubmitRow } from '../submit-row.js';

/** What `carrier_setup` answers (docs/rest-api.md, "Carriers"). */
export type CarrierSetup = DataOf<'carrier_setup'>;

/** One of `carrier_connections`: credentials as field names only. */
export type CarrierConnection = DataOf<'carrier_connections'>[number];

/**
 * The phone carriers the server's operator connects (docs/carriers.md): what the server still
 * lacks, the connections with their last check, connecting one (secrets as password fields, never
 * shown back), checking one with the carrier's words, disconnecting one after a confirmation.
 */
export function Carriers() {
  const { t } = useApp();
  const setup = useData(() => call('carrier_setup'), []);
  const connections = useData(() => call('carrier_connections', { limit: 1000 }), []);
  const [note, setNote] = useState('');
  return (
    <Page title={t.carriers}>
      <Show loaded={setup}>
        {(s) => (
          <>
            <SetupNotice setup={s} />
            <Show loaded={connections}>
              {(list) =>
                list.length ? (
                  <ConnectionTable
                    list={list}
                    mayChange={s.can_connect}
                    onDisconnected={() => {
                      setNote(t.carrierDisconnected);
                      connections.reload();
                    }}
                    onChecked={connections.reload}
                  />
                ) : (
                  <Empty>{t.noCarriers}</Empty>
                )
              }
            </Show>
            <p role="status">{note}</p>
            {s.can_connect && s.ready && <ConnectForm setup={s} onConnected={connections.reload} />}
          </>
        )}
      </Show>
    </Page>
  );
}

/** Why nothing can be connected yet, naming what to do. */
function SetupNotice({ setup }: { setup: CarrierSetup }) {
  const { t } = useApp();
  if (!setup.can_connect) return <p class="notice">{t.carrierNotAllowed}</p>;
  if (setup.missing.length)
    return (
      <section class="card notice" aria-labelledby="carrier-setup-h">
        <h2 id="carrier-setup-h">{t.carrierSetupMissing}</h2>
        <ul>
          {setup.missing.map((m) => (
            <li key={m.setting}>
              <code>{m.setting}</code>: {m.message}
            </li>
          ))}
        </ul>
      </section>
    );
  if (!setup.carriers.length) return <p class="notice">{t.noCarrierModules}</p>;
  return null;
}

function ConnectionTable(props: { list: CarrierConnection[]; mayChange: boolean; onDisconnected(): void; onChecked(): void }) {
  const { t } = useApp();
  const status = (c: CarrierConnection) =>
    c.check_ok === null ? t.notChecked : fill(c.check_ok ? t.carrierWorks : t.carrierRefused, { words: c.check_result ?? '' });
  const [checks, setChecks] = useState<Record<number, string>>({});
  const check = (c: CarrierConnection) => {
    setChecks({ ...checks, [c.id]: t.loading });
    call('check_carrier', { connection_id: c.id }, 'POST').then(
      (r) => {
        setChecks((x) => ({
          ...x,
          [c.id]: r.ok ? fill(t.carrierWorks, { words: r.account ?? '' }) : fill(t.carrierRefused, { words: r.message ?? '' }),
        }));
        props.onChecked();
      },
      (e: Error) => setChecks((x) => ({ ...x, [c.id]: e.message })),
    );
  };
  return (
    <Table
      id="carriers"
      label={t.carriers}
      rows={props.list}
      rowKey={(c) => c.id}
      columns={[
        {
          key: 'label',
          label: t.carrierLabel,
          text: (c) => c.label,
          cell: (c) => (
            <>
              {c.label}
              <div class="muted">
                {fill(t.credentialsSet, {
                  fields: c.credentials
                    .filter((f) => f.set)
                    .map((f) => f.name)
                    .join(', '),
                })}
              </div>
            </>
          ),
        },
        { key: 'kind', label: t.carrierKind, text: (c) => c.kind },
        {
          key: 'status',
          label: t.status,
          text: (c) => status(c),
          // The check just made replaces the stored one rather than repeating it.
          cell: (c) => (checks[c.id] ? <div role="status">{checks[c.id]}</div> : status(c)),
        },
        { key: 'numbers', label: t.numbers, num: true, text: (c) => String(c.numbers) },
        ...(props.mayChange
          ? [
              {
                key: 'actions',
                label: t.actions,
                csv: false as const,
                class: 'actions',
                cell: (c: CarrierConnection) => (
                  <>
                    <button type="button" class="link" onClick={() => check(c)}>
                      {t.checkCarrier}
                    </button>{' '}
                    <DeleteButton
                      class="link"
                      label={t.disconnect}
                      name={c.label}
                      ask={{ title: fill(t.disconnectCarrier, { label: c.label }), body: t.disconnectCarrierText, yes: t.disconnect }}
                      run={() => call('disconnect_carrier', { connection_id: c.id }, 'POST')}
                      done={props.onDisconnected}
                    />
                  </>
                ),
              },
            ]
          : []),
      ]}
    />
  );
}

/** The carrier's fields, in its order; secret ones as password inputs, cleared once connected. */
function ConnectForm({ setup, onConnected }: { setup: CarrierSetup; onConnected(): void }) {
  const { t } = useApp();
  const [done, setDone] = useState('');
  // Every carrier's fields, named as the server names them in a refusal (`credentials.auth_token`).
  const blank = Object.fromEntries(setup.carriers.flatMap((c) => c.fields.map((f) => [`credentials.${f.name}`, ''])));
  const initial: { kind: string; label: string; [credential: `credentials.${string}`]: string } = {
    ...blank,
    kind: setup.carriers[0]!.kind,
    label: '',
  };
  const form = useForm(initial, {
    async submit(v) {
      setDone('');
      const credentials = Object.fromEntries(
        carrier.fields.map((f) => [f.name, v[`credentials.${f.name}`] ?? '']).filter(([, x]) => x !== ''),
      );
      const c = await call('connect_carrier', { kind: carrier.kind, label: v.label, credentials }, 'POST');
      form.reset();
      form.set('kind', carrier.kind);
      setDone(fill(t.carrierConnected, { words: c.check_result ?? c.label }));
      onConnected();
    },
  });
  const carrier = setup.carriers.find((c) => c.kind === form.values.kind) ?? setup.carriers[0]!;
  return (
    <form class="card" onSubmit={form.onSubmit} noValidate aria-labelledby="connect-h" autocomplete="off">
      <h2 id="connect-h">{t.connectCarrier}</h2>
      <SelectField
        id="kind"
        label={t.carrierKind}
        value={carrier.kind}
        onChange={(v) => form.set('kind', v)}
        options={setup.carriers.map((c): [string, string] => [c.kind, c.kind])}
        error={form.errors.kind}
      />
      <TextField {...form.field('label', t.carrierLabel)} required />
      {carrier.fields.map((f) => (
        <TextField
          key={`${carrier.kind}-${f.name}`}
          {...form.field(`credentials.${f.name}`, f.optional ? `${f.name} (${t.optional})` : f.name, `credentials-${f.name}`)}
          type={f.secret ? 'password' : 'text'}
          autocomplete={f.secret ? 'new-password' : 'off'}
          required={!f.optional}
        />
      ))}
      <p class="muted">{t.secretHint}</p>
      <SubmitRow form={form} label={t.connect} note={done} />
    </form>
  );
}
