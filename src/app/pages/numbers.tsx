import { useState } from 'preact/hooks';
import { rest, restData } from '../api.js';
import { formatMoney, formatPhone } from '../format.js';
import { NumbersTabs } from '../numbers-tabs.js';
import { useApp } from '../state.js';
import type { Region, VirtualNumber } from '../types.js';
import { Empty, FormError, Page, SelectField, Show, TextField, useData, useSubmit } from '../ui.js';

/** The customer's numbers, where each is used, and buying one by region. */
export function Numbers() {
  const { t, lang, customer } = useApp();
  const numbers = useData(async () => (await rest<VirtualNumber[]>('virtual_numbers', { limit: 1000 })).data, [customer?.id]);
  const regions = useData(() => restData<Region[]>('region', { limit: 1000 }), [customer?.id]);
  const [region, setRegion] = useState('');
  const [bought, setBought] = useState('');
  const { errors, busy, onSubmit } = useSubmit(async () => {
    const r = region || regions.data?.find((x) => x.free > 0)?.region || '';
    const { data } = await rest<{ numb: string }>('buy_number', { region: r }, 'POST');
    setBought(`${t.bought}: ${formatPhone(data.numb)}`);
    numbers.reload();
    regions.reload();
  });
  const [svcPhone, setSvcPhone] = useState('');
  const [target, setTarget] = useState('');
  const [forwarded, setForwarded] = useState('');
  const forward = useSubmit(async () => {
    setForwarded('');
    const svc = svcPhone || numbers.data?.[0]?.phone_number || '';
    await rest('create_dialing_operation', { svc_phone: svc, user_phone: target }, 'POST');
    setForwarded(`${t.saved}: ${formatPhone(svc)} → ${formatPhone(target)}`);
  });
  return (
    <Page title={t.numbers}>
      <NumbersTabs />
      <Show loaded={numbers}>
        {(list) =>
          list.length ? (
            <div class="scroll" tabIndex={0}>
              <table id="numbers">
                <thead>
                  <tr>
                    <th scope="col">{t.number}</th>
                    <th scope="col">{t.category}</th>
                    <th scope="col">{t.monthly}</th>
                    <th scope="col">{t.usedBy}</th>
                    <th scope="col">{t.status}</th>
                  </tr>
                </thead>
                <tbody>
                  {list.map((n) => (
                    <tr key={n.phone_number}>
                      <td class="nowrap">{formatPhone(n.phone_number)}</td>
                      <td>{n.category}</td>
                      <td class="num">{formatMoney(n.monthly_charge, lang)}</td>
                      <td>
                        {n.site ? n.site.site_domain_name : t.notUsed}
                        {n.campaign ? ` · ${n.campaign.campaign_name}` : ''}
                      </td>
                      <td>{n.status}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <Empty>{t.noNumbers}</Empty>
          )
        }
      </Show>
      <form class="card" onSubmit={onSubmit} noValidate aria-labelledby="buy-h">
        <h2 id="buy-h">{t.buyNumber}</h2>
        <Show loaded={regions}>
          {(list) => (
            <SelectField
              id="region"
              label={t.region}
              value={region || list.find((x) => x.free > 0)?.region || ''}
              onChange={setRegion}
              options={list.map((r) => [r.region, `${r.region} · ${r.category} · ${t.free}: ${r.free}`])}
              error={errors.region}
            />
          )}
        </Show>
        <FormError errors={errors} />
        <div class="row">
          <button type="submit" disabled={busy}>
            {t.buy}
          </button>
          <span role="status">{bought}</span>
        </div>
      </form>
      {!!numbers.data?.length && (
        <form class="card" onSubmit={forward.onSubmit} noValidate aria-labelledby="forward-h">
          <h2 id="forward-h">{t.forwarding}</h2>
          <SelectField
            id="svc_phone"
            label={t.number}
            value={svcPhone || numbers.data[0]!.phone_number}
            onChange={setSvcPhone}
            options={numbers.data.map((n) => [n.phone_number, formatPhone(n.phone_number)])}
            error={forward.errors.svc_phone}
          />
          <TextField
            id="user_phone"
            label={t.forwardTo}
            type="tel"
            inputMode="tel"
            value={target}
            onInput={setTarget}
            required
            error={forward.errors.user_phone}
          />
          <FormError errors={forward.errors} />
          <div class="row">
            <button type="submit" disabled={forward.busy}>
              {t.save}
            </button>
            <span role="status">{forwarded}</span>
          </div>
        </form>
      )}
    </Page>
  );
}
