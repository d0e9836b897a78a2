import { useLocation } from 'preact-iso';
import { useState } from 'preact/hooks';
import { ApiFailure, call, type DataOf } from '../api.js';
import { DeleteButton } from '../delete-button.js';
import { required, useForm, type Check } from '../form.js';
import { fill, type Texts } from '../i18n.js';
import { chosenSite, SitePicker, useSites } from '../sites.js';
import { useApp } from '../state.js';
import { Table, type Column } from '../table.js';
import { Empty, FieldError, FormError, Page, SelectField, Show, TextField, useData, type Loaded } from '../ui.js';
import { SubmitRow } from '../submit-row.js';
import { useNameForm } from '../name-form.js';

/**
 * What "qualified" means on a site (docs/conversions.md, "Qualified calls"): its rules, each said
 * in words, added, changed and deleted; and the customer's own tags, which a rule may set. A rule
 * set now qualifies the site's earlier communications too, and the page says how many.
 */
type Rule = DataOf<'qualification_rules'>[number];
type Tag = DataOf<'tag'>[number];
type Kind = Rule['kinds'][number];
type Named = { id: number; name: string };

const KINDS: readonly Kind[] = ['call', 'sitephone', 'chat', 'offline_message'];
/** `campaign_ids`' item for "without a campaign". */
const NO_CAMPAIGN = -1;

/** A set of ids or words kept in one form value, comma-separated. */
const items = (v: string): string[] => (v ? v.split(',') : []);
const toggled = (v: string, item: string, on: boolean): string => {
  const rest = items(v).filter((x) => x !== item);
  return (on ? [...rest, item] : rest).join(',');
};

export function Qualification() {
  const { t, customer } = useApp();
  const loc = useLocation();
  const sites = useSites();
  const site = sites.data && chosenSite(sites.data, loc.query);
  const rules = useData(async () => (site ? await call('qualification_rules', { site_id: site.id, limit: 1000 }) : []), [site?.id]);
  const tags = useData(() => call('tag', { limit: 1000 }), [customer?.id]);
  const custom = useData(() => call('custom_tags', { limit: 1000 }), [customer?.id]);
  const tagsChanged = () => {
    tags.reload();
    custom.reload();
  };
  return (
    <Page title={t.qualTitle}>
      <p class="muted">{t.qualHelp}</p>
      <Show loaded={sites}>
        {(all) => (
          <>
            <SitePicker sites={all} site={site} />
            {site && <SiteRules key={site.id} siteId={site.id} rules={rules} tags={tags.data ?? []} />}
          </>
        )}
      </Show>
      <CustomTags custom={custom} rules={rules.data ?? []} changed={tagsChanged} />
    </Page>
  );
}

/** A list joined as a sentence says it: "a, b and c". */
const joined = (parts: string[], and: string) =>
  parts.length < 2 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')}${and}${parts[parts.length - 1]}`;

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

const nameOf = (all: Named[], id: number) => all.find((x) => x.id === id)?.name ?? `#${id}`;

/** A rule in words: "Answered calls and call-backs, with at least 30 s of talk, first-time callers; sets tag Lead". */
export function ruleWords(t: Texts, r: Rule, named: { campaigns: Named[]; lists: Named[]; tags: Named[] }): string {
  const kinds = joined(
    r.kinds.map((k) => t[`qualKind_${k}`]),
    t.qualAnd,
  );
  const head = r.answered ? fill(t.qualWordsAnswered, { kinds }) : capital(kinds);
  const parts = [head];
  if (r.min_talk_seconds != null) parts.push(fill(t.qualWordsTalk, { n: r.min_talk_seconds }));
  if (r.first_time) parts.push(t.qualWordsFirst);
  if (r.excluded_numa_list_id != null) parts.push(fill(t.qualWordsNotOnList, { list: nameOf(named.lists, r.excluded_numa_list_id) }));
  if (r.campaign_ids) {
    const ids = r.campaign_ids.filter((c) => c !== NO_CAMPAIGN);
    const from = ids.length
      ? [fill(ids.length > 1 ? t.qualWordsCampaigns : t.qualWordsCampaign, { list: ids.map((c) => nameOf(named.campaigns, c)).join(', ') })]
      : [];
    parts.push([...from, ...(r.campaign_ids.includes(NO_CAMPAIGN) ? [t.qualWordsNoCampaign] : [])].join(t.qualOr));
  }
  const tags = r.tag_ids.map((x) => nameOf(named.tags, x)).join(', ');
  return parts.join(', ') + (tags ? '; ' + fill(r.tag_ids.length > 1 ? t.qualWordsTags : t.qualWordsTag, { list: tags }) : '');
}

/** The site's rules, said in words, and the form that adds one or changes the one being edited. */
function SiteRules({ siteId, rules, tags }: { siteId: number; rules: Loaded<Rule[]>; tags: Tag[] }) {
  const { t } = useApp();
  const campaigns = useData(() => call('ac', { site_id: siteId, limit: 1000 }), [siteId]);
  const lists = useData(() => call('numa_list', { limit: 1000 }), [siteId]);
  const [editing, setEditing] = useState<Rule | null>(null);
  const [note, setNote] = useState('');
  const named = { campaigns: campaigns.data ?? [], lists: lists.data ?? [], tags };
  const columns: Array<Column<Rule>> = [
    { key: 'name', label: t.name, text: (r) => r.name, head: true },
    { key: 'words', label: t.qualWhat, text: (r) => ruleWords(t, r, named) },
    {
      key: 'actions',
      label: t.webhookActions,
      class: 'actions',
      csv: false,
      cell: (r) => (
        <>
          <button type="button" class="secondary" onClick={() => (setNote(''), setEditing(r))}>
            {t.edit} <span class="sr">{r.name}</span>
          </button>
          <DeleteButton
            label={t.delete}
            name={r.name}
            ask={{ title: fill(t.qualDeleteTitle, { name: r.name }), body: t.qualDeleteText, yes: t.delete }}
            run={() => call('delete_qualification_rule', { site_id: siteId, name: r.name }, 'DELETE')}
            done={() => {
              setNote('');
              if (editing?.id === r.id) setEditing(null);
              rules.reload();
            }}
          />
        </>
      ),
    },
  ];
  return (
    <Show loaded={rules}>
      {(rs) => (
        <>
          {rs.length ? (
            <Table
              id="qualification-rules"
              label={t.qualRules}
              columns={columns}
              rows={rs}
              rowKey={(r) => r.id}
              rowProps={(r) => ({ 'data-id': r.id })}
            />
          ) : (
            <Empty>{t.qualNone}</Empty>
          )}
          <p id="qualified-now" role="status">
            {note}
          </p>
          <RuleForm
            key={editing?.id ?? 'new'}
            siteId={siteId}
            rules={rs}
            editing={editing}
            named={named}
            done={(qualified) => {
              setNote(qualified == null ? '' : fill(t.qualSaved, { n: qualified }));
              setEditing(null);
              rules.reload();
            }}
          />
        </>
      )}
    </Show>
  );
}

/** A form's values of a rule: every condition as text, sets as comma-separated ids. */
function valuesOf(r: Rule | null) {
  return {
    name: r?.name ?? '',
    kinds: (r?.kinds ?? ['call', 'sitephone']).join(','),
    answered: r?.answered ? '1' : '',
    min_talk_seconds: r?.min_talk_seconds == null ? '' : String(r.min_talk_seconds),
    first_time: r?.first_time ? '1' : '',
    excluded_numa_list_id: r?.excluded_numa_list_id == null ? '' : String(r.excluded_numa_list_id),
    campaign_ids: (r?.campaign_ids ?? []).join(','),
    tag_ids: (r?.tag_ids ?? []).join(','),
  };
}

/** The server's "that name is taken" (409 100503 names no field): the app's words, under the name. */
function nameTaken(e: unknown, words: string): unknown {
  if (e instanceof ApiFailure && (e.code === 100503 || e.field === 'new_name'))
    return new ApiFailure(e.status, e.code, e.code === 100503 ? words : e.message, 'name');
  return e;
}

function RuleForm(p: {
  siteId: number;
  rules: Rule[];
  editing: Rule | null;
  named: { campaigns: Named[]; lists: Named[]; tags: Named[] };
  done(qualified: number | null): void;
}) {
  const { t } = useApp();
  const { editing } = p;
  // A new rule of a name the site has would change that rule (rules are set by name); a rename the server checks (409).
  const unique: Check = (v) => (!editing && p.rules.some((r) => r.name === v.trim()) ? t.qualDuplicate : null);
  const seconds: Check = (v) => (v.trim() === '' || (/^\d+$/.test(v.trim()) && Number(v) <= 86_400) ? null : t.qualSecondsShape);
  const form = useForm(valuesOf(editing), {
    check: {
      name: (v, all) => required(t.fieldRequired)(v) ?? unique(v, all),
      kinds: (v) => (items(v).length ? null : t.qualKindsNeeded),
      min_talk_seconds: seconds,
    },
    async submit(v) {
      const name = v.name.trim();
      const args = {
        site_id: p.siteId,
        name: editing?.name ?? name,
        ...(editing && name !== editing.name ? { new_name: name } : {}),
        kinds: items(v.kinds) as Kind[],
        answered: v.answered === '1',
        min_talk_seconds: v.min_talk_seconds.trim() === '' ? null : Number(v.min_talk_seconds),
        first_time: v.first_time === '1',
        excluded_numa_list_id: v.excluded_numa_list_id ? Number(v.excluded_numa_list_id) : null,
        campaign_ids: items(v.campaign_ids).length ? items(v.campaign_ids).map(Number) : null,
        tag_ids: items(v.tag_ids).map(Number),
      };
      const answer = await call('set_qualification_rule', args, 'POST').catch((e: unknown) => {
        throw nameTaken(e, t.qualDuplicate);
      });
      form.reset();
      p.done(answer.qualified);
    },
  });
  const box = (id: string, label: string, checked: boolean, change: (on: boolean) => void) => (
    <div class="field check" key={id}>
      <input id={id} type="checkbox" checked={checked} onChange={(e) => change((e.target as HTMLInputElement).checked)} />
      <label for={id}>{label}</label>
    </div>
  );
  const many = (field: 'kinds' | 'campaign_ids' | 'tag_ids', legend: string, options: Array<[string, string]>, hint?: string) => (
    <fieldset class="choices" aria-describedby={form.errors[field] ? `${field}-error` : undefined}>
      <legend>{legend}</legend>
      {hint && <p class="muted">{hint}</p>}
      {options.map(([value, label]) =>
        box(`${field}-${value === String(NO_CAMPAIGN) ? 'none' : value}`, label, items(form.values[field]).includes(value), (on) =>
          form.set(field, toggled(form.values[field], value, on)),
        ),
      )}
      <FieldError id={field} error={form.errors[field]} />
    </fieldset>
  );
  return (
    <form class="card" id="rule-form" onSubmit={form.onSubmit} noValidate aria-labelledby="rule-form-h">
      <h2 id="rule-form-h">{editing ? fill(t.qualEditTitle, { name: editing.name }) : t.qualAdd}</h2>
      <TextField {...form.field('name', t.name)} required />
      {many(
        'kinds',
        t.qualKinds,
        KINDS.map((k) => [k, capital(t[`qualKind_${k}`])]),
      )}
      {box('answered', t.qualAnswered, form.values.answered === '1', (on) => form.set('answered', on ? '1' : ''))}
      <TextField {...form.field('min_talk_seconds', t.qualMinTalk)} type="number" inputMode="numeric" />
      {box('first_time', t.qualFirstTime, form.values.first_time === '1', (on) => form.set('first_time', on ? '1' : ''))}
      <SelectField
        id="excluded_numa_list_id"
        label={t.qualNotOnList}
        value={form.values.excluded_numa_list_id}
        onChange={(v) => form.set('excluded_numa_list_id', v)}
        options={[['', t.qualNoList], ...p.named.lists.map((l): [string, string] => [String(l.id), l.name])]}
        error={form.errors.excluded_numa_list_id}
      />
      {many(
        'campaign_ids',
        t.qualCampaigns,
        [...p.named.campaigns.map((c): [string, string] => [String(c.id), c.name]), [String(NO_CAMPAIGN), t.qualWithoutCampaign]],
        t.qualCampaignsHint,
      )}
      {many(
        'tag_ids',
        t.qualSetsTags,
        p.named.tags.map((x): [string, string] => [String(x.id), x.name]),
      )}
      <FormError errors={form.errors} />
      <div class="row">
        <button type="submit" disabled={form.busy}>
          {editing ? t.save : t.add}
        </button>
        {editing && (
          <button type="button" class="secondary" onClick={() => p.done(null)}>
            {t.cancel}
          </button>
        )}
      </div>
    </form>
  );
}

/** The customer's own tags: listed, made, deleted; one a rule sets stays until the rule lets it go. */
function CustomTags({ custom, rules, changed }: { custom: Loaded<Named[]>; rules: Rule[]; changed(): void }) {
  const { t } = useApp();
  const { form, note } = useNameForm(
    (name) =>
      call('create_custom_tag', { name }, 'POST').catch((e: unknown) => {
        throw nameTaken(e, t.qualTagDuplicate);
      }),
    changed,
  );
  const remove = (tag: Named) =>
    call('delete_custom_tag', { id: tag.id }, 'DELETE').catch((e: unknown) => {
      if (!(e instanceof ApiFailure && e.code === 100409)) throw e;
      const rule = rules.find((r) => r.tag_ids.includes(tag.id));
      throw new Error(rule ? fill(t.qualTagInUseBy, { tag: tag.name, rule: rule.name }) : fill(t.qualTagInUse, { tag: tag.name }));
    });
  const columns: Array<Column<Named>> = [
    { key: 'name', label: t.name, text: (x) => x.name, head: true },
    {
      key: 'actions',
      label: t.webhookActions,
      class: 'actions',
      csv: false,
      cell: (x) => (
        <DeleteButton
          label={t.delete}
          name={x.name}
          ask={{ title: fill(t.qualTagDeleteTitle, { name: x.name }), body: t.qualTagDeleteText, yes: t.delete }}
          run={() => remove(x)}
          done={changed}
        />
      ),
    },
  ];
  return (
    <section class="card" aria-labelledby="custom-tags-h">
      <h2 id="custom-tags-h">{t.qualCustomTags}</h2>
      <p class="muted">{t.qualCustomTagsHelp}</p>
      <Show loaded={custom}>
        {(all) =>
          all.length ? (
            <Table
              id="custom-tags"
              label={t.qualCustomTags}
              columns={columns}
              rows={all}
              rowKey={(x) => x.id}
              rowProps={(x) => ({ 'data-id': x.id })}
            />
          ) : (
            <Empty>{t.qualNoTags}</Empty>
          )
        }
      </Show>
      <form onSubmit={form.onSubmit} noValidate aria-label={t.qualAddTag}>
        <TextField {...form.field('name', t.qualNewTag, 'tag-name')} required />
        <SubmitRow form={form} label={t.qualAddTag} note={note} />
      </form>
    </section>
  );
}
