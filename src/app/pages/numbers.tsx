import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { call, type DataOf } from '../api.js';
import { useForm } from '../form.js';
import { formatMoney, formatPhone } from '../format.js';
import { fill, type Lang } from '../i18n.js';
import { NumbersTabs } from '../numbers-tabs.js';
import { DeleteButton } from '../delete-button.js';
import { Table } from '../table.js';
import { useApp } from '../state.js';
import { Empty, FormError, Page, SelectField, Show, TextField, useData } from '../ui.js';
import type { CarrierConnection } from './carriers.js';
import { SubmitRow } from '../submit-row.js';

/** One of `carrier_numbers`. */
type Region = DataOf<'region'>[number];
type VirtualNumber = DataOf<'virtual_numbers'>[number];
type HeldAtCarrier = DataOf<'carrier_numbers'>[number];
/** One of `search_carrier_numbers`. */
type Offer = DataOf<'search_carrier_numbers', 'POST'>[number];

const formatPrice = (p: NonNullable<Offer['monthly_price']>, lang: Lang) =>
  new Intl.NumberFormat(lang, { style: 'currency', currency: p.currency }).format(p.amount);

/**
 * The customer's numbers, where each is used, releasing one after a confirmation; with a carrier
 * connected, the numbers held there to import and numbers for sale to buy at the price shown; else
 * the operator's regions, or what to do when there is nothing to buy (docs/carriers.md).
 */
export function Numbers() {
  const { t, customer } = useApp();
  const numbers = useData(async () => await call('virtual_numbers', { limit: 1000 }), [customer?.id]);
  const regions = useData(() => call('region', { limit: 1000 }), [customer?.id]);
  const connections = useData(() => call('carrier_connections', { limit: 1000 }), [customer?.id]);
  const [note, setNote] = useState('');
  const changed = () => numbers.reload();
  const carriers = connections.data ?? [];
  return (
    <Page title={t.numbers}>
      <NumbersTabs />
      <Show loaded={numbers}>
        {(list) =>
          list.length ? (
            <NumberTable
              list={list}
              onReleased={() => {
                setNote(t.released);
                changed();
              }}
            />
          ) : (
            <Empty>{t.noNumbers}</Empty>
          )
        }
      </Show>
      <p role="status">{note}</p>
      {carriers.length > 0 && <CarrierStock connections={carriers} onChange={changed} />}
      {carriers.length > 0 && <CarrierSearch connections={carriers} onBought={changed} />}
      {regions.data?.length ? (
        <RegionBuy regions={regions.data} onBought={changed} />
      ) : (
        connections.data && regions.data && !carriers.length && <NoStock />
      )}
      {!!numbers.data?.length && <Forwarding numbers={numbers.data} />}
    </Page>
  );
}

function NumberTable({ list, onReleased }: { list: VirtualNumber[]; onReleased(): void }) {
  const { t, lang } = useApp();
  return (
    <Table
      id="numbers"
      label={t.numbers}
      rows={list}
      rowKey={(n) => n.phone_number}
      columns={[
        { key: 'number', label: t.number, class: 'nowrap', text: (n) => formatPhone(n.phone_number) },
        { key: 'category', label: t.category, text: (n) => n.category },
        { key: 'monthly', label: t.monthly, num: true, text: (n) => formatMoney(n.monthly_charge, lang) },
        {
          key: 'used',
          label: t.usedBy,
          text: (n) => (n.site ? n.site.site_domain_name : t.notUsed) + (n.campaign ? ` · ${n.campaign.campaign_name}` : ''),
        },
        { key: 'status', label: t.status, text: (n) => n.status },
        {
          key: 'actions',
          label: t.actions,
          csv: false,
          class: 'actions',
          cell: (n) => (
            <DeleteButton
              class="link"
              label={t.release}
              name={formatPhone(n.phone_number)}
              ask={{ title: fill(t.releaseNumber, { number: formatPhone(n.phone_number) }), body: t.releaseNumberText, yes: t.release }}
              run={() => call('release_number', { phone_number: n.phone_number }, 'POST')}
              done={onReleased}
            />
          ),
        },
      ]}
    />
  );
}

function Confirm(props: { id: string; title: string; text: string; error: string; children: ComponentChildren }) {
  return (
    <section class="card" role="alertdialog" aria-labelledby={`${props.id}-h`} aria-describedby={`${props.id}-text`}>
      <h2 id={`${props.id}-h`}>{props.title}</h2>
      <p id={`${props.id}-text`}>{props.text}</p>
      {props.error && (
        <p class="error" role="alert">
          {props.error}
        </p>
      )}
      <div class="row">{props.children}</div>
    </section>
  );
}

/** The numbers the carrier account holds: import one, or route one again whose routing failed. */
function CarrierStock({ connections, onChange }: { connections: CarrierConnection[]; onChange(): void }) {
  const { t, lang, customer } = useApp();
  const held = useData(() => call('carrier_numbers', { limit: 1000 }), [customer?.id, connections.length]);
  const [status, setStatus] = useState('');
  const act = (fn: 'import_carrier_number' | 'route_carrier_number', n: HeldAtCarrier) => {
    setStatus(t.loading);
    const args =
      fn === 'import_carrier_number' ? { connection_id: n.connection_id, phone_number: n.phone_number } : { phone_number: n.phone_number };
    call(fn, args, 'POST').then(
      (r) => {
        setStatus(r.routed ? `${t.saved}: ${formatPhone(n.phone_number)}` : fill(t.routeFailed, { words: r.route_error ?? '' }));
        held.reload();
        onChange();
      },
      (e: Error) => setStatus(e.message),
    );
  };
  return (
    <section class="card" aria-labelledby="carrier-stock-h">
      <h2 id="carrier-stock-h">{t.carrierNumbersTitle}</h2>
      <Show loaded={held}>
        {(list) =>
          list.length ? (
            <ul class="plain">
              {list.map((n) => (
                <li key={n.phone_number}>
                  {formatPhone(n.phone_number)}
                  {n.monthly_price ? ` · ${fill(t.perMonth, { price: formatPrice(n.monthly_price, lang) })}` : ''}{' '}
                  {n.held_elsewhere ? (
                    <span class="muted">{t.heldElsewhere}</span>
                  ) : n.imported ? (
                    <span class="muted">{t.imported}</span>
                  ) : (
                    <button type="button" class="link" onClick={() => act('import_carrier_number', n)}>
                      {fill(t.importNumber, { number: formatPhone(n.phone_number) })}
                    </button>
                  )}
                  {n.route_error && (
                    <>
                      {' '}
                      <span class="error">{fill(t.routeFailed, { words: n.route_error })}</span>{' '}
                      <button type="button" class="link" onClick={() => act('route_carrier_number', n)}>
                        {t.routeAgain}
                      </button>
                    </>
                  )}
                </li>
              ))}
            </ul>
          ) : (
            <Empty>{t.noCarrierNumbers}</Empty>
          )
        }
      </Show>
      <p role="status">{status}</p>
    </section>
  );
}

/** Search by country, region, area code or digits; buy only after confirming the monthly price shown. */
function CarrierSearch({ connections, onBought }: { connections: CarrierConnection[]; onBought(): void }) {
  const { t, lang } = useApp();
  const [offers, setOffers] = useState<Offer[] | null>(null);
  const [buying, setBuying] = useState<Offer | null>(null);
  const [done, setDone] = useState('');
  const search = useForm(
    { connection_id: String(connections[0]!.id), country: 'US', region: '', area_code: '', contains: '' },
    {
      async submit(q) {
        setDone('');
        setOffers(
          await call('search_carrier_numbers', {
            connection_id: Number(q.connection_id),
            country: q.country,
            region: q.region || undefined,
            area_code: q.area_code || undefined,
            contains: q.contains || undefined,
          }),
        );
      },
    },
  );
  return (
    <form class="card" onSubmit={search.onSubmit} noValidate aria-labelledby="carrier-search-h">
      <h2 id="carrier-search-h">{t.searchNumbers}</h2>
      {connections.length > 1 && (
        <SelectField
          id="connection_id"
          label={t.carrierLabel}
          value={search.values.connection_id}
          onChange={(v) => search.set('connection_id', v)}
          options={connections.map((c): [string, string] => [String(c.id), `${c.label} · ${c.kind}`])}
        />
      )}
      <TextField {...search.field('country', t.country)} required />
      <TextField {...search.field('region', t.regionOrState, 'search-region')} />
      <TextField {...search.field('area_code', t.areaCode)} inputMode="numeric" />
      {/* Not id="contains": a form's control of that id shadows the form's own contains(), which scripts and assistive tools call. */}
      <TextField {...search.field('contains', t.containsDigits, 'search-contains')} inputMode="numeric" />
      <FormError errors={search.errors} />
      <div class="row">
        <button type="submit" disabled={search.busy}>
          {t.search}
        </button>
        <span role="status">{done}</span>
      </div>
      {offers && !offers.length && <Empty>{t.noOffers}</Empty>}
      {!!offers?.length && (
        <ul class="plain" id="offers">
          {offers.map((o) => (
            <li key={o.phone_number}>
              {formatPhone(o.phone_number)} · {[o.locality, o.region].filter(Boolean).join(', ')} ·{' '}
              {o.monthly_price ? fill(t.perMonth, { price: formatPrice(o.monthly_price, lang) }) : t.priceUnknown}{' '}
              <button type="button" class="link" onClick={() => setBuying(o)}>
                {t.buy}
              </button>
            </li>
          ))}
        </ul>
      )}
      {buying && (
        <BuyConfirm
          offer={buying}
          connectionId={Number(search.values.connection_id)}
          onDone={(bought) => {
            setBuying(null);
            if (!bought) return;
            setDone(bought);
            setOffers((list) => list?.filter((o) => o.phone_number !== buying.phone_number) ?? null);
            onBought();
          }}
        />
      )}
    </form>
  );
}

/** The app's confirmation before money is spent: the price shown is what the server holds the purchase to. */
function BuyConfirm({ offer, connectionId, onDone }: { offer: Offer; connectionId: number; onDone(note: string | null): void }) {
  const { t, lang } = useApp();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const confirm = () => {
    setError('');
    setBusy(true);
    call(
      'buy_carrier_number',
      { connection_id: connectionId, phone_number: offer.phone_number, confirm_price: offer.monthly_price?.amount ?? null },
      'POST',
    ).then(
      (r) =>
        onDone(
          `${t.bought}: ${formatPhone(offer.phone_number)}${r.routed ? '' : ` · ${fill(t.routeFailed, { words: r.route_error ?? '' })}`}`,
        ),
      (e: Error) => {
        setBusy(false);
        setError(e.message);
      },
    );
  };
  const text = offer.monthly_price
    ? fill(t.buyNumberConfirmText, { price: formatPrice(offer.monthly_price, lang) })
    : t.buyNumberConfirmUnknown;
  return (
    <Confirm id="buy-confirm" title={fill(t.buyNumberConfirm, { number: formatPhone(offer.phone_number) })} text={text} error={error}>
      <button type="button" onClick={confirm} disabled={busy}>
        {t.buyConfirm}
      </button>
      <button type="button" class="link" onClick={() => onDone(null)}>
        {t.cancel}
      </button>
    </Confirm>
  );
}

/** Nothing to buy here: say how numbers come (a carrier, or numbers held elsewhere). */
function NoStock() {
  const { t } = useApp();
  return (
    <section class="card notice" aria-labelledby="no-stock-h">
      <h2 id="no-stock-h">{t.noStock}</h2>
      <p>{t.noStockHelp}</p>
      <p>
        <a href="/app/carriers">{t.connectOnCarriersPage}</a>
      </p>
    </section>
  );
}

/** The operator's seeded regions (number_capacity): buy_number. */
function RegionBuy({ regions, onBought }: { regions: Region[]; onBought(): void }) {
  const { t } = useApp();
  const [bought, setBought] = useState('');
  const form = useForm(
    { region: '' },
    {
      async submit() {
        const data = await call('buy_number', { region }, 'POST');
        setBought(`${t.bought}: ${formatPhone(data.numb)}`);
        onBought();
      },
    },
  );
  // Until one is chosen, the select shows (and sends) the first region with numbers free.
  const region = form.values.region || regions.find((x) => x.free > 0)?.region || '';
  return (
    <form class="card" onSubmit={form.onSubmit} noValidate aria-labelledby="buy-h">
      <h2 id="buy-h">{t.buyNumber}</h2>
      <SelectField
        id="region"
        label={t.region}
        value={region}
        onChange={(v) => form.set('region', v)}
        options={regions.map((r) => [r.region, `${r.region} · ${r.category} · ${t.free}: ${r.free}`])}
        error={form.errors.region}
      />
      <SubmitRow form={form} label={t.buy} note={bought} />
    </form>
  );
}

function Forwarding({ numbers }: { numbers: VirtualNumber[] }) {
  const { t } = useApp();
  const [forwarded, setForwarded] = useState('');
  const forward = useForm(
    { svc_phone: '', user_phone: '' },
    {
      async submit(v) {
        setForwarded('');
        await call('create_dialing_operation', { svc_phone: svc, user_phone: v.user_phone }, 'POST');
        setForwarded(`${t.saved}: ${formatPhone(svc)} → ${formatPhone(v.user_phone)}`);
      },
    },
  );
  // Until one is chosen, the select shows (and sends) the first number.
  const svc = forward.values.svc_phone || numbers[0]!.phone_number;
  return (
    <form class="card" onSubmit={forward.onSubmit} noValidate aria-labelledby="forward-h">
      <h2 id="forward-h">{t.forwarding}</h2>
      <SelectField
        id="svc_phone"
        label={t.number}
        value={svc}
        onChange={(v) => forward.set('svc_phone', v)}
        options={numbers.map((n) => [n.phone_number, formatPhone(n.phone_number)])}
        error={forward.errors.svc_phone}
      />
      <TextField {...forward.field('user_phone', t.forwardTo)} type="tel" inputMode="tel" required />
      <FormError errors={forward.errors} />
      <div class="row">
        <button type="submit" disabled={forward.busy}>
          {t.save}
        </button>
        <span role="status">{forwarded}</span>
      </div>
    </form>
  );
}
