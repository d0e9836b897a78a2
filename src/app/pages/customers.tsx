import { useState } from 'preact/hooks';
import { call } from '../api.js';
import { useApp } from '../state.js';
import { Table } from '../table.js';
import { minLength, required, useForm } from '../form.js';
import { fill } from '../i18n.js';
import { Empty, FormError, Page, SelectField, Show, TextField, useData } from '../ui.js';

/** Limits a new customer starts with; the agent changes them with its account manager. */
const LIMITS = {
  monthly_base_limit: 100_000,
  monthly_base_notify_limit: 80_000,
  monthly_calls_limit: 100_000,
  monthly_calls_notify_limit: 80_000,
  daily_calls_limit: 10_000,
  daily_calls_notify_limit: 8_000,
};

/** An agent's customers: create, activate, and switch to one. */
export function Customers() {
  const { t, me, customer, chooseCustomer, refresh } = useApp();
  const list = useData(async () => await call('customer_list', { limit: 1000 }), []);
  const plans = useData(async () => await call('agent_tp', { limit: 100 }), []);
  const [note, setNote] = useState('');
  // Named as the arguments of create_agent_customer, so a refusal lands under its field.
  const create = useForm(
    { customer_name: '', email: '', password: '', tp_id: '', time_zone: 'Europe/Moscow' },
    {
      check: {
        customer_name: required(t.fieldRequired),
        email: required(t.fieldRequired),
        password: minLength(8, fill(t.atLeastChars, { n: 8 })),
      },
      async submit(v) {
        const e = v.email.trim();
        await call(
          'create_agent_customer',
          {
            customer_name: v.customer_name,
            tp_id: Number(v.tp_id || plans.data?.[0]?.id),
            ...LIMITS,
            monthly_base_notify_email: e,
            monthly_calls_notify_email: e,
            daily_calls_notify_email: e,
            email: e,
            password: v.password,
            time_zone: v.time_zone,
          },
          'POST',
        );
        create.set('customer_name', '');
        create.set('email', '');
        create.set('password', '');
        setNote(t.created);
        list.reload();
        refresh();
      },
    },
  );
  const [activateError, setActivateError] = useState('');
  if (me.role !== 'agent') return <p class="empty">{t.notFound}</p>;
  return (
    <Page title={t.customers}>
      <Show loaded={list}>
        {(cs) =>
          cs.length ? (
            <Table
              id="customers"
              label={t.customers}
              rows={cs}
              rowKey={(c) => c.id}
              columns={[
                { key: 'name', label: t.name, head: true, text: (c) => c.name },
                {
                  key: 'status',
                  label: t.status,
                  text: (c) => (c.state === 'active' ? t.active : c.state === 'waiting' ? t.waiting : c.state),
                },
                {
                  key: 'actions',
                  label: t.open,
                  class: 'actions',
                  csv: false,
                  cell: (c) => (
                    <>
                      {c.state === 'waiting' && (
                        <button
                          type="button"
                          onClick={() =>
                            void call('activate_agent_customer', { customer_id: c.id }, 'POST').then(
                              () => {
                                list.reload();
                                refresh();
                              },
                              (e: Error) => setActivateError(e.message),
                            )
                          }
                        >
                          {t.activate} <span class="sr">{c.name}</span>
                        </button>
                      )}
                      <button type="button" aria-pressed={customer?.id === c.id ? 'true' : 'false'} onClick={() => chooseCustomer(c.id)}>
                        {t.actAs} <span class="sr">{c.name}</span>
                      </button>
                    </>
                  ),
                },
              ]}
            />
          ) : (
            <Empty>{t.noCustomers}</Empty>
          )
        }
      </Show>
      {activateError && (
        <p class="error" role="alert">
          {activateError}
        </p>
      )}
      <form class="card" onSubmit={create.onSubmit} noValidate aria-labelledby="new-customer">
        <h2 id="new-customer">{t.createCustomer}</h2>
        <TextField {...create.field('customer_name', t.name)} required />
        <TextField {...create.field('email', t.email)} type="email" required />
        <TextField {...create.field('password', t.password, 'new-password')} type="password" autocomplete="new-password" required />
        <Show loaded={plans}>
          {(ps) => (
            <SelectField
              id="tp_id"
              label={t.tariff}
              value={create.values.tp_id || String(ps[0]?.id ?? '')}
              onChange={(v) => create.set('tp_id', v)}
              options={ps.map((p) => [String(p.id), p.name])}
              error={create.errors.tp_id}
            />
          )}
        </Show>
        <TextField {...create.field('time_zone', t.timeZone)} />
        <FormError errors={create.errors} />
        <div class="row">
          <button type="submit" disabled={create.busy}>
            {t.create}
          </button>
          <span role="status">{note}</span>
        </div>
      </form>
    </Page>
  );
}
