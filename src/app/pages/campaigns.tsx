import { useLocation } from 'preact-iso';
import { ApiFailure, call, type DataOf } from '../api.js';
import { addDays, dayIn, formatNumber } from '../format.js';
import { chosenSite, SitePicker, useSites } from '../sites.js';
import { useApp } from '../state.js';
import { Table } from '../table.js';
import { Empty, FormError, Page, Show, TextField, useData } from '../ui.js';
import { useForm } from '../form.js';

/** This month's counts of one campaign (REST `stat` with `ac_id`). */
async function monthStat(siteId: number, acId: number, zone: string): Promise<DataOf<'stat'>[number] | undefined> {
  const today = dayIn(zone);
  const data = await call('stat', {
    site_id: siteId,
    ac_id: acId,
    date_from: today.slice(0, 8) + '01',
    date_till: addDays(today, 1),
  });
  return data[0];
}

/** A site's campaigns with this month's visits and communications, and the form that creates one. */
export function Campaigns() {
  const { t, lang, customer } = useApp();
  const loc = useLocation();
  const sites = useSites();
  const site = sites.data && chosenSite(sites.data, loc.query);
  const campaigns = useData(async () => {
    if (!site) return [];
    const data = await call('ac', { site_id: site.id, limit: 1000 });
    return Promise.all(data.map(async (c) => ({ ...c, stat: await monthStat(site.id, c.id, customer!.time_zone) })));
  }, [site?.id]);
  const form = useForm(
    { name: '' },
    {
      async submit(v) {
        try {
          const data = await call('create_ac', { site_id: site!.id, name: v.name }, 'POST');
          loc.route(`/app/campaigns/${data.ac_id}?site=${site!.id}`);
        } catch (e) {
          // A taken name names no parameter; it is the name's fault.
          if (e instanceof ApiFailure && e.code === 100502) form.setErrors({ name: e.message });
          else throw e;
        }
      },
    },
  );
  const n = (v: number | undefined) => formatNumber(v ?? 0, lang);
  return (
    <Page title={t.campaigns}>
      <Show loaded={sites}>
        {(list) => (
          <>
            <SitePicker sites={list} site={site} />
            {site && (
              <>
                <Show loaded={campaigns}>
                  {(cs) =>
                    cs.length ? (
                      <Table
                        id="campaigns"
                        label={t.campaigns}
                        caption={t.thisMonth}
                        rows={cs}
                        rowKey={(c) => c.id}
                        columns={[
                          {
                            key: 'name',
                            label: t.name,
                            head: true,
                            text: (c) => c.name,
                            cell: (c) => <a href={`/app/campaigns/${c.id}?site=${site.id}`}>{c.name}</a>,
                          },
                          { key: 'visits', label: t.visits, num: true, text: (c) => n(c.stat?.visits_count) },
                          {
                            key: 'calls',
                            label: t.calls,
                            num: true,
                            text: (c) => n((c.stat?.calls_count ?? 0) + (c.stat?.sitephone_calls_count ?? 0)),
                          },
                          { key: 'chats', label: t.chats, num: true, text: (c) => n(c.stat?.good_chats_count) },
                          { key: 'requests', label: t.requests, num: true, text: (c) => n(c.stat?.offline_messages_count) },
                          { key: 'goals', label: t.goals, num: true, text: (c) => n(c.stat?.goals_count) },
                        ]}
                      />
                    ) : (
                      <Empty>{t.noCampaigns}</Empty>
                    )
                  }
                </Show>
                <form class="card" onSubmit={form.onSubmit} noValidate aria-labelledby="new-ac">
                  <h2 id="new-ac">{t.newCampaign}</h2>
                  <TextField {...form.field('name', t.name)} required />
                  <FormError errors={form.errors} />
                  <button type="submit" disabled={form.busy}>
                    {t.create}
                  </button>
                </form>
              </>
            )}
          </>
        )}
      </Show>
    </Page>
  );
}
