import { useState } from 'preact/hooks';
import { call, type DataOf } from '../api.js';
import { fill } from '../i18n.js';
import { useApp } from '../state.js';
import { Empty, FormError, Page, SelectField, Show, TextField, useData, useSubmit } from '../ui.js';

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
  const [removing, setRemoving] = useState<CarrierConnection | null>(null);
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
                  <ConnectionTable list={list} mayChange={s.can_connect} onRemove={setRemoving} onChecked={connections.reload} />
                ) : (
                  <Empty>{t.noCarriers}</Empty>
                )
              }
            </Show>
            <p role="status">{note}</p>
            {removing && (
              <Disconnect
                connection={removing}
                onDone={(done) => {
                  setRemoving(null);
                  setNote(done ? t.carrierDisconnected : '');
                  connections.reload();
                }}
              />
            )}
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

function ConnectionTable(props: {
  list: CarrierConnection[];
  mayChange: boolean;
  onRemove(c: CarrierConnection): void;
  onChecked(): void;
}) {
  const { t } = useApp();
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
    <div class="scroll" tabIndex={0}>
      <table id="carriers">
        <thead>
          <tr>
            <th scope="col">{t.carrierLabel}</th>
            <th scope="col">{t.carrierKind}</th>
            <th scope="col">{t.status}</th>
            <th scope="col">{t.numbers}</th>
            {props.mayChange && <th scope="col">{t.actions}</th>}
          </tr>
        </thead>
        <tbody>
          {props.list.map((c) => (
            <tr key={c.id}>
              <td>
                {c.label}
                <div class="muted">
                  {fill(t.credentialsSet, {
                    fields: c.credentials
                      .filter((f) => f.set)
                      .map((f) => f.name)
                      .join(', '),
                  })}
                </div>
              </td>
              <td>{c.kind}</td>
              <td>
                {/* The check just made replaces the stored one rather than repeating it. */}
                {checks[c.id] ? (
                  <div role="status">{checks[c.id]}</div>
                ) : c.check_ok === null ? (
                  t.notChecked
                ) : (
                  fill(c.check_ok ? t.carrierWorks : t.carrierRefused, { words: c.check_result ?? '' })
                )}
              </td>
              <td class="num">{c.numbers}</td>
              {props.mayChange && (
                <td class="nowrap">
                  <button type="button" class="link" onClick={() => check(c)}>
                    {t.checkCarrier}
                  </button>{' '}
                  <button type="button" class="link" onClick={() => props.onRemove(c)}>
                    {t.disconnect}
                  </button>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Asks first; a refusal (numbers still held) says how many. */
function Disconnect({ connection, onDone }: { connection: CarrierConnection; onDone(done: boolean): void }) {
  const { t } = useApp();
  const [error, setError] = useState('');
  const confirm = () => {
    setError('');
    call('disconnect_carrier', { connection_id: connection.id }, 'POST').then(
      () => onDone(true),
      (e: Error) => setError(e.message),
    );
  };
  return (
    <section class="card" role="alertdialog" aria-labelledby="disconnect-h" aria-describedby="disconnect-text">
      <h2 id="disconnect-h">{fill(t.disconnectCarrier, { label: connection.label })}</h2>
      <p id="disconnect-text">{t.disconnectCarrierText}</p>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <div class="row">
        <button type="button" onClick={confirm}>
          {t.disconnect}
        </button>
        <button type="button" class="link" onClick={() => onDone(false)}>
          {t.cancel}
        </button>
      </div>
    </section>
  );
}

/** The carrier's fields, in its order; secret ones as password inputs, cleared once connected. */
function ConnectForm({ setup, onConnected }: { setup: CarrierSetup; onConnected(): void }) {
  const { t } = useApp();
  const [kind, setKind] = useState(setup.carriers[0]!.kind);
  const [label, setLabel] = useState('');
  const [values, setValues] = useState<Record<string, string>>({});
  const [done, setDone] = useState('');
  const carrier = setup.carriers.find((c) => c.kind === kind) ?? setup.carriers[0]!;
  const form = useSubmit(async () => {
    setDone('');
    const credentials = Object.fromEntries(carrier.fields.map((f) => [f.name, values[f.name] ?? '']).filter(([, v]) => v !== ''));
    const c = await call('connect_carrier', { kind, label, credentials }, 'POST');
    setValues({});
    setLabel('');
    setDone(fill(t.carrierConnected, { words: c.check_result ?? c.label }));
    onConnected();
  });
  return (
    <form class="card" onSubmit={form.onSubmit} noValidate aria-labelledby="connect-h" autocomplete="off">
      <h2 id="connect-h">{t.connectCarrier}</h2>
      <SelectField
        id="kind"
        label={t.carrierKind}
        value={kind}
        onChange={setKind}
        options={setup.carriers.map((c): [string, string] => [c.kind, c.kind])}
        error={form.errors.kind}
      />
      <TextField id="label" label={t.carrierLabel} value={label} onInput={setLabel} required error={form.errors.label} />
      {carrier.fields.map((f) => (
        <TextField
          key={`${kind}-${f.name}`}
          id={`credentials-${f.name}`}
          label={f.optional ? `${f.name} (${t.optional})` : f.name}
          type={f.secret ? 'password' : 'text'}
          autocomplete={f.secret ? 'new-password' : 'off'}
          value={values[f.name] ?? ''}
          onInput={(v) => setValues({ ...values, [f.name]: v })}
          required={!f.optional}
          error={form.errors[`credentials.${f.name}`]}
        />
      ))}
      <p class="muted">{t.secretHint}</p>
      <FormError errors={form.errors} />
      <div class="row">
        <button type="submit" disabled={form.busy}>
          {t.connect}
        </button>
        <span role="status">{done}</span>
      </div>
    </form>
  );
}
