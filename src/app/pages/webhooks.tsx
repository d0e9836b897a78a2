import { useState } from 'preact/hooks';
import { WEBHOOK_EVENTS, type WebhookEvent } from '../../app-protocol.js';
import { call, type DataOf } from '../api.js';
import { DeleteButton } from '../delete-button.js';
import { Table } from '../table.js';
import { useForm } from '../form.js';
import { formatWallClock } from '../format.js';
import { fill } from '../i18n.js';
import { useApp } from '../state.js';
import { Empty, FieldError, FormError, Page, Show, TextField, useData } from '../ui.js';

type Webhook = DataOf<'webhook'>[number];

/** A webhook's state: on or off, why it was switched off, since when it fails, what it dropped. */
function WebhookState({ h }: { h: Webhook }) {
  const { t, lang } = useApp();
  return (
    <>
      {h.is_enabled ? t.webhookOn : t.webhookOff}
      {h.disabled_reason && <span class="error"> — {h.disabled_reason}</span>}
      {h.is_enabled && h.failing_since && (
        <span class="muted"> — {fill(t.webhookFailingSince, { since: formatWallClock(h.failing_since, lang) })}</span>
      )}
      {h.dropped_events > 0 && h.dropped_at && (
        <span class="error"> — {fill(t.webhookDropped, { n: String(h.dropped_events), at: formatWallClock(h.dropped_at, lang) })}</span>
      )}
    </>
  );
}

/** The customer's webhooks (REST `webhook` and its neighbours): add, switch on and off, test, rotate, delete, recent deliveries. */
export function Webhooks() {
  const { t, customer } = useApp();
  const hooks = useData(async () => await call('webhook'), [customer?.id]);
  const [note, setNote] = useState('');
  const [secret, setSecret] = useState('');
  const [failure, setFailure] = useState('');
  const [open, setOpen] = useState<number | null>(null);
  const [copied, setCopied] = useState('');
  const act = <D,>(change: () => Promise<D>, done: (data: D) => string) => {
    setNote('');
    setSecret('');
    setCopied('');
    setFailure('');
    void change().then(
      (r) => {
        setNote(done(r));
        hooks.reload();
      },
      (e: Error) => setFailure(e.message),
    );
  };
  return (
    <Page title={t.webhooks}>
      <p class="muted">{t.webhooksHelp}</p>
      <p class="muted">
        {t.webhooksSigning} <a href="/api/docs">{t.webhooksDocs}</a>
      </p>
      <Show loaded={hooks}>
        {(list) => (
          <>
            {list.length ? (
              <Table
                id="webhooks"
                label={t.webhooks}
                rows={list}
                rowKey={(h) => h.id}
                columns={[
                  { key: 'url', label: t.webhookUrl, head: true, class: 'url', text: (h) => h.url },
                  { key: 'events', label: t.webhookEvents, text: (h) => h.events.join(', ') },
                  {
                    key: 'state',
                    label: t.webhookState,
                    text: (h) => (h.is_enabled ? t.webhookOn : t.webhookOff),
                    cell: (h) => <WebhookState h={h} />,
                  },
                  {
                    key: 'actions',
                    label: t.webhookActions,
                    csv: false,
                    class: 'actions',
                    cell: (h) => (
                      <>
                        <button
                          type="button"
                          onClick={() =>
                            act(
                              () => call('test_webhook', { id: h.id }, 'POST'),
                              (d) => fill(t.webhookTestSent, { id: String(d.event_id) }),
                            )
                          }
                        >
                          {t.webhookSendTest} <span class="sr">{h.url}</span>
                        </button>
                        <button
                          type="button"
                          onClick={() =>
                            act(
                              () => call('change_webhook', { id: h.id, is_enabled: !h.is_enabled }, 'POST'),
                              () => t.webhookSaved,
                            )
                          }
                        >
                          {h.is_enabled ? t.webhookSwitchOff : t.webhookSwitchOn} <span class="sr">{h.url}</span>
                        </button>
                        <button
                          type="button"
                          onClick={() =>
                            act(
                              () => call('rotate_webhook_secret', { id: h.id }, 'POST'),
                              (d) => {
                                setSecret(d.secret);
                                return t.webhookSecret;
                              },
                            )
                          }
                        >
                          {t.webhookRotate} <span class="sr">{h.url}</span>
                        </button>
                        <button type="button" aria-expanded={open === h.id} onClick={() => setOpen(open === h.id ? null : h.id)}>
                          {t.webhookDeliveries} <span class="sr">{h.url}</span>
                        </button>
                        <DeleteButton
                          label={t.remove}
                          name={h.url}
                          ask={{ title: fill(t.deleteWebhookTitle, { url: h.url }), body: t.deleteWebhookText, yes: t.remove }}
                          run={() => call('delete_webhook', { id: h.id }, 'POST')}
                          done={() => {
                            setNote(t.webhookDeleted);
                            hooks.reload();
                          }}
                        />
                      </>
                    ),
                  },
                ]}
              />
            ) : (
              <Empty>{t.noWebhooks}</Empty>
            )}
            <div role="status" id="webhook-note">
              {note && <p>{note}</p>}
              {secret && <pre id="webhook-secret">{secret}</pre>}
            </div>
            {secret && (
              <div class="row">
                <button
                  type="button"
                  onClick={() =>
                    navigator.clipboard.writeText(secret).then(
                      () => setCopied(t.copied),
                      () => setCopied(t.copyFailed),
                    )
                  }
                >
                  {t.copySecret}
                </button>
                <span role="status">{copied}</span>
              </div>
            )}
            {failure && (
              <p class="error" role="alert">
                {failure}
              </p>
            )}
            {open != null && list.some((h) => h.id === open) && <Deliveries id={open} />}
            <AddWebhook
              onAdded={(s) => {
                setCopied('');
                setNote(t.webhookSecret);
                setSecret(s);
                hooks.reload();
              }}
            />
          </>
        )}
      </Show>
    </Page>
  );
}

/** An endpoint's recent deliveries: the event, when, the answer. */
function Deliveries({ id }: { id: number }) {
  const { t, lang } = useApp();
  const list = useData(async () => await call('webhook_delivery', { webhook_id: id, limit: 50 }), [id]);
  return (
    <section class="card" aria-labelledby="deliveries-h">
      <h2 id="deliveries-h">{t.webhookDeliveries}</h2>
      <Show loaded={list}>
        {(ds) =>
          ds.length ? (
            <Table
              id="webhook-deliveries"
              label={t.webhookDeliveries}
              rows={ds}
              rowKey={(d) => d.id}
              columns={[
                { key: 'at', label: t.webhookAttemptedAt, head: true, class: 'nowrap', text: (d) => formatWallClock(d.attempted_at, lang) },
                {
                  key: 'event',
                  label: t.webhookEvent,
                  text: (d) => `${d.event_type} ${d.event_id}`,
                  cell: (d) => (
                    <>
                      {d.event_type} <span class="muted">{d.event_id}</span>
                    </>
                  ),
                },
                { key: 'answer', label: t.webhookAnswer, text: (d) => String(d.status_code ?? d.error ?? '') },
              ]}
            />
          ) : (
            <Empty>{t.noDeliveries}</Empty>
          )
        }
      </Show>
    </section>
  );
}

function AddWebhook({ onAdded }: { onAdded(secret: string): void }) {
  const { t } = useApp();
  const form = useForm(
    { url: '', events: ['call.ended', 'request.created', 'callback.requested'] as readonly WebhookEvent[] },
    {
      async submit(v) {
        const r = await call('create_webhook', { url: v.url.trim(), events: [...v.events] }, 'POST');
        form.set('url', '');
        onAdded(r.secret);
      },
    },
  );
  const events = form.values.events;
  return (
    <form class="card" onSubmit={form.onSubmit} noValidate aria-labelledby="new-webhook">
      <h2 id="new-webhook">{t.addWebhook}</h2>
      <TextField {...form.field('url', t.webhookUrl)} type="url" required />
      <fieldset aria-describedby={form.errors.events ? 'events-error' : undefined}>
        <legend>{t.webhookEvents}</legend>
        {WEBHOOK_EVENTS.map((e) => (
          <div class="field check" key={e}>
            <input
              id={`event-${e}`}
              type="checkbox"
              checked={events.includes(e)}
              onChange={(x) => {
                const on = (x.target as HTMLInputElement).checked;
                form.set('events', on ? [...events, e] : events.filter((y) => y !== e));
              }}
            />
            <label for={`event-${e}`}>{e}</label>
          </div>
        ))}
      </fieldset>
      <FieldError id="events" error={form.errors.events} />
      <FormError errors={form.errors} />
      <button type="submit" disabled={form.busy}>
        {t.add}
      </button>
    </form>
  );
}
