import { useLocation, useRoute } from 'preact-iso';
import { useState } from 'preact/hooks';
import { ApiFailure, call, type DataOf } from '../api.js';
import { DeleteButton } from '../delete-button.js';
import { conditionValueError, OPERATORS, PARAMETERS, selectorOf, type Operator, type Parameter, type TargetKind } from '../conditions.js';
import { fill, type Texts } from '../i18n.js';
import { formatPhone } from '../format.js';
import { CampaignInsight } from '../campaign-insight.js';
import { required, useForm } from '../form.js';
import { useApp } from '../state.js';
import { Empty, FieldError, FormError, Page, SelectField, Show, TextField, useData } from '../ui.js';

type NumberBlock = DataOf<'number_block'>[number];
type VirtualNumber = DataOf<'virtual_numbers'>[number];
/** A condition as `ac_condition` lists it inside its `ac_conditions` JSON text. */
interface Condition {
  ac_condition_group_id: number;
  ac_condition_group_name: string;
  id: number | null;
  ac_parameter: string | null;
  ac_operator: string | null;
  value: string | null;
  is_negative: boolean | null;
}

const opLabel = (t: Texts, op: string) => (op === '=' ? t.opEquals : op === '~' ? t.opRegex : t.opIncludes);

/** The page's number a block replaces, in words. */
function targetText(t: Texts, selector: string): string {
  if (selector.startsWith('number=')) return formatPhone(selector.slice(7));
  const kind = selector.startsWith('#') ? t.kindId : selector.startsWith('.') ? t.kindClass : t.kindName;
  return `${kind.replace(/ .*/, '')} ${selector}`;
}

/** What the block shows instead. */
function replacementText(t: Texts, b: Pick<NumberBlock, 'numb' | 'dt_number_pool_numbers'>): string {
  const pool = b.dt_number_pool_numbers.filter((x): x is string => !!x);
  if (pool.length) return fill(t.oneOfPool, { n: pool.length, list: pool.map(formatPhone).join(', ') });
  return formatPhone(b.numb);
}

/** One campaign: its condition groups and conditions, its number blocks, and a preview. */
export function CampaignEditor() {
  const { t, customer } = useApp();
  const { params } = useRoute();
  const acId = Number(params.id);
  const campaign = useData(async () => (await call('ac', { limit: 1000 })).find((c) => c.id === acId) ?? null, [acId, customer?.id]);
  const settings = useData(async () => {
    const s = (await call('ac_condition', { id: acId }))[0];
    return { conditions: s ? (JSON.parse(s.ac_conditions) as Condition[]) : [] };
  }, [acId]);
  const blocks = useData(async () => await call('number_block', { ac_id: acId }), [acId]);
  const numbers = useData(async () => await call('virtual_numbers', { limit: 1000 }), [customer?.id]);

  return (
    <Show loaded={campaign}>
      {(c) =>
        !c ? (
          <p class="empty">{t.notFound}</p>
        ) : (
          <Page title={c.name}>
            <p>
              <a href={`/app/campaigns?site=${c.site_id}`}>← {t.campaigns}</a>
            </p>
            <RenameCampaign key={c.name} acId={acId} name={c.name} done={campaign.reload} />
            <section class="card" aria-labelledby="cond-h">
              <h2 id="cond-h">{t.conditions}</h2>
              <p class="muted">{t.conditionsHelp}</p>
              <Show loaded={settings}>{(s) => <Conditions acId={acId} conditions={s.conditions} reload={settings.reload} />}</Show>
            </section>
            <section class="card" aria-labelledby="blocks-h">
              <h2 id="blocks-h">{t.blocks}</h2>
              <p class="muted">{t.blocksHelp}</p>
              <Show loaded={blocks}>
                {(list) => (
                  <>
                    {list.length ? (
                      <ul class="list">
                        {list.map((b) => (
                          <li key={b.id}>
                            <strong>{b.name}</strong>: {targetText(t, b.selector)} → {replacementText(t, b)}{' '}
                            <DeleteButton
                              class="link"
                              label={t.delete}
                              name={b.name}
                              ask={{ title: fill(t.deleteBlockTitle, { name: b.name }), body: t.deleteBlockText, yes: t.delete }}
                              run={() => call('number_block', { id: b.id }, 'DELETE')}
                              done={blocks.reload}
                            />
                          </li>
                        ))}
                      </ul>
                    ) : (
                      <Empty>{t.noBlocks}</Empty>
                    )}
                    <Show loaded={numbers}>{(ns) => <AddBlock acId={acId} numbers={ns} done={blocks.reload} />}</Show>
                  </>
                )}
              </Show>
            </section>
            <section class="card" aria-labelledby="preview-h">
              <h2 id="preview-h">{t.preview}</h2>
              <Show loaded={blocks}>
                {(list) =>
                  list.length ? (
                    <ul class="list" id="preview">
                      {list.map((b) => (
                        <li key={b.id}>{fill(t.previewText, { from: targetText(t, b.selector), to: replacementText(t, b) })}</li>
                      ))}
                    </ul>
                  ) : (
                    <Empty>{t.noBlocks}</Empty>
                  )
                }
              </Show>
            </section>
            <CampaignInsight acId={acId} siteId={c.site_id} />
            <DeleteCampaign acId={acId} name={c.name} siteId={c.site_id} />
          </Page>
        )
      }
    </Show>
  );
}

/** The campaign's name, changed in place (a name the site has already is refused beside the field). */
function RenameCampaign({ acId, name, done }: { acId: number; name: string; done(): void }) {
  const { t } = useApp();
  const [note, setNote] = useState('');
  const form = useForm(
    { name },
    {
      async submit(v) {
        setNote('');
        try {
          await call('change_ac', { id: acId, name: v.name }, 'PUT');
        } catch (e) {
          if (!(e instanceof ApiFailure && e.code === 100502)) throw e;
          form.setErrors({ name: e.message });
          return;
        }
        setNote(t.campaignRenamed);
        done();
      },
    },
  );
  return (
    <form onSubmit={form.onSubmit} noValidate class="row" aria-label={t.renameCampaign}>
      <TextField {...form.field('name', t.name, 'campaign-name')} required />
      <FormError errors={form.errors} />
      <button type="submit" disabled={form.busy || form.values.name.trim() === name}>
        {t.renameCampaign}
      </button>
      <span role="status">{note}</span>
    </form>
  );
}

/** Deleting the campaign, after saying what happens to what it brought and to its numbers. */
function DeleteCampaign({ acId, name, siteId }: { acId: number; name: string; siteId: number }) {
  const { t } = useApp();
  const loc = useLocation();
  return (
    <div class="row">
      <DeleteButton
        label={t.deleteCampaign}
        ask={{ title: fill(t.deleteCampaignTitle, { name }), body: t.deleteCampaignText, yes: t.deleteCampaign }}
        run={() => call('delete_ac', { id: acId }, 'DELETE')}
        done={() => loc.route(`/app/campaigns?site=${siteId}`)}
      />
    </div>
  );
}

function Conditions({ acId, conditions, reload }: { acId: number; conditions: Condition[]; reload(): void }) {
  const { t } = useApp();
  const conditionText = (c: Condition) => `${c.ac_parameter} ${c.is_negative ? '≠ ' : ''}${opLabel(t, c.ac_operator ?? '=')} ${c.value}`;
  // `ac_condition` lists conditions only: a group just made shows from here until it has one.
  const [made, setMade] = useState<Array<{ id: number; name: string }>>([]);
  const groups = new Map<number, { name: string; items: Condition[] }>();
  for (const g of made) groups.set(g.id, { name: g.name, items: [] });
  for (const c of conditions) {
    const g = groups.get(c.ac_condition_group_id) ?? { name: c.ac_condition_group_name, items: [] as Condition[] };
    if (c.id != null) g.items.push(c);
    groups.set(c.ac_condition_group_id, g);
  }
  const addGroup = useForm(
    { name: '' },
    {
      async submit(v) {
        const data = await call('create_ac_condition_group', { ac_id: acId, name: v.name }, 'POST');
        setMade((m) => [...m, { id: data.ac_condition_group_id, name: v.name }]);
        addGroup.reset();
        reload();
      },
    },
  );
  return (
    <>
      {groups.size ? (
        [...groups].map(([id, g]) => (
          <div key={id} class="group">
            <h3>
              {t.group}: {g.name}
            </h3>
            <ul class="list">
              {g.items.map((c) => (
                <li key={c.id}>
                  <code>{c.ac_parameter}</code> {c.is_negative ? '≠ ' : ''}
                  {opLabel(t, c.ac_operator ?? '=')} <code>{c.value}</code>{' '}
                  <DeleteButton
                    class="link"
                    label={t.delete}
                    name={c.ac_parameter ?? ''}
                    ask={{
                      title: fill(t.deleteConditionTitle, { condition: conditionText(c) }),
                      body: t.deleteConditionText,
                      yes: t.delete,
                    }}
                    run={() => call('delete_ac_condition', { ac_id: acId, ac_condition_id: c.id! }, 'POST')}
                    done={reload}
                  />
                </li>
              ))}
            </ul>
            <AddCondition acId={acId} groupId={id} done={reload} />
          </div>
        ))
      ) : (
        <Empty>{t.noConditions}</Empty>
      )}
      <form onSubmit={addGroup.onSubmit} noValidate class="row" aria-label={t.addGroup}>
        <TextField {...addGroup.field('name', t.groupName, 'group-name')} required />
        <FormError errors={addGroup.errors} />
        <button type="submit" disabled={addGroup.busy}>
          {t.addGroup}
        </button>
      </form>
    </>
  );
}

function AddCondition({ acId, groupId, done }: { acId: number; groupId: number; done(): void }) {
  const { t } = useApp();
  const id = (f: string) => `c${groupId}-${f}`;
  const form = useForm(
    { ac_parameter: 'utm_source' as Parameter, ac_operator: '=' as Operator, value: '', is_negative: false as boolean },
    {
      check: {
        value: (value, v) => {
          const why = conditionValueError(v.ac_operator, value);
          return !why ? null : why === 'required' ? t.required : why === 'invalidRegex' ? t.invalidRegex : '≤ 1000';
        },
      },
      async submit(v) {
        await call('create_ac_condition', { ac_id: acId, ac_condition_group_id: groupId, ...v }, 'POST');
        form.set('value', '');
        done();
      },
    },
  );
  return (
    <form onSubmit={form.onSubmit} noValidate class="grid choices" aria-label={t.addCondition}>
      <SelectField
        id={id('parameter')}
        label={t.parameter}
        value={form.values.ac_parameter}
        onChange={(v) => form.set('ac_parameter', v)}
        options={PARAMETERS.map(([g, l, p]): [Parameter, string] => [p, `${g}: ${l} (${p})`])}
        error={form.errors.ac_parameter}
      />
      <SelectField
        id={id('operator')}
        label={t.operator}
        value={form.values.ac_operator}
        onChange={(v) => form.set('ac_operator', v)}
        options={OPERATORS.map((o): [Operator, string] => [o, `${o} · ${opLabel(t, o)}`])}
        error={form.errors.ac_operator}
      />
      <TextField {...form.field('value', t.value, id('value'))} required />
      <div class="field check">
        <input
          id={id('negative')}
          type="checkbox"
          checked={form.values.is_negative}
          onChange={(e) => form.set('is_negative', (e.target as HTMLInputElement).checked)}
        />
        <label for={id('negative')}>{t.exclude}</label>
      </div>
      <FormError errors={form.errors} />
      <button type="submit" disabled={form.busy}>
        {t.addCondition}
      </button>
    </form>
  );
}

function AddBlock({ acId, numbers, done }: { acId: number; numbers: VirtualNumber[]; done(): void }) {
  const { t } = useApp();
  // The refusal of a number another campaign shows, and whether the owner accepts sharing it.
  const [shared, setShared] = useState<{ message: string; allow: boolean } | null>(null);
  const form = useForm(
    { name: '', kind: 'number' as TargetKind, selector: '', mode: 'pool' as 'static' | 'pool', numb: '', dt_pool_numbers: [] as string[] },
    {
      check: { selector: required(t.required) },
      async submit(v) {
        const selector = selectorOf(v.kind, v.selector);
        try {
          await call(
            'number_block',
            {
              ac_id: acId,
              name: v.name || targetText(t, selector),
              selector,
              ...(v.mode === 'static' ? { numb: v.numb || numbers[0]!.phone_number } : { dt_pool_numbers: v.dt_pool_numbers }),
              ...(shared?.allow ? { allow_shared_number: true } : {}),
            },
            'POST',
          );
        } catch (e) {
          if (!(e instanceof ApiFailure && e.code === 100409)) throw e;
          setShared({ message: e.message, allow: false });
          return;
        }
        setShared(null);
        form.set('name', '');
        form.set('selector', '');
        form.set('dt_pool_numbers', []);
        done();
      },
    },
  );
  const { kind, mode, numb, dt_pool_numbers: pool } = form.values;
  if (!numbers.length)
    return (
      <Empty>
        {t.needNumbers} <a href="/app/numbers">{t.numbers}</a>
      </Empty>
    );
  const poolError = form.errors.dt_pool_numbers;
  return (
    <form onSubmit={form.onSubmit} noValidate class="grid choices" aria-labelledby="add-block-h">
      <h3 id="add-block-h">{t.addBlock}</h3>
      <TextField {...form.field('name', t.blockName, 'block-name')} />
      <SelectField
        id="target-kind"
        label={t.targetKind}
        value={kind}
        onChange={(v) => form.set('kind', v)}
        options={[
          ['number', t.kindNumber],
          ['id', t.kindId],
          ['class', t.kindClass],
          ['name', t.kindName],
        ]}
      />
      <TextField {...form.field('selector', t.target)} required />
      <SelectField
        id="replace-mode"
        label={t.replaceWith}
        value={mode}
        onChange={(v) => form.set('mode', v)}
        options={[
          ['pool', t.dtPool],
          ['static', t.staticNumber],
        ]}
      />
      {mode === 'static' ? (
        <SelectField
          id="numb"
          label={t.number}
          value={numb || numbers[0]!.phone_number}
          onChange={(v) => form.set('numb', v)}
          options={numbers.map((n) => [n.phone_number, formatPhone(n.phone_number)])}
          error={form.errors.numb}
        />
      ) : (
        <fieldset aria-describedby={poolError ? 'pool-error' : undefined}>
          <legend>{t.poolNumbers}</legend>
          {numbers.map((n) => (
            <div class="check" key={n.phone_number}>
              <input
                id={'pool-' + n.phone_number}
                type="checkbox"
                checked={pool.includes(n.phone_number)}
                onChange={(e) =>
                  form.set(
                    'dt_pool_numbers',
                    (e.target as HTMLInputElement).checked ? [...pool, n.phone_number] : pool.filter((x) => x !== n.phone_number),
                  )
                }
              />
              <label for={'pool-' + n.phone_number}>{formatPhone(n.phone_number)}</label>
            </div>
          ))}
          <FieldError id="pool" error={poolError} />
        </fieldset>
      )}
      {shared && (
        <div class="warning" id="shared-number" role="alert">
          <p>{shared.message}</p>
          <div class="field check">
            <input
              id="allow-shared"
              type="checkbox"
              checked={shared.allow}
              onChange={(e) => setShared({ ...shared, allow: (e.target as HTMLInputElement).checked })}
            />
            <label for="allow-shared">{t.sharedNumber}</label>
          </div>
        </div>
      )}
      <FormError errors={form.errors} />
      <button type="submit" disabled={form.busy}>
        {t.addBlock}
      </button>
    </form>
  );
}
