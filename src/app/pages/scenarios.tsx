import { useState } from 'preact/hooks';
import { DeleteButton } from '../delete-button.js';
import { Table } from '../table.js';
import { phoneShape, useForm } from '../form.js';
import { call, callPage, type DataOf } from '../api.js';
import { formatPhone } from '../format.js';
import { NumbersTabs } from '../numbers-tabs.js';
import { fill } from '../i18n.js';
import { useApp } from '../state.js';
import { Empty, FieldError, FormError, Page, SelectField, Show, TextField, useData } from '../ui.js';
import { SubmitRow } from '../submit-row.js';

type Scenario = DataOf<'scenario_detail'>[number];
type VirtualNumber = DataOf<'virtual_numbers'>[number];
type NumaList = DataOf<'numa_list'>[number];

interface ScenarioData {
  scenarios: Scenario[];
  numbers: VirtualNumber[];
  lists: NumaList[];
}

/** The customer's scenarios: the numbers each answers, where it forwards them, and its caller-list routes. */
export function Scenarios() {
  const { t, customer } = useApp();
  const data = useData(async (): Promise<ScenarioData> => {
    const [scenarios, numbers, lists] = await Promise.all([
      call('scenario_detail', { limit: 1000 }),
      callPage('virtual_numbers', { limit: 1000 }),
      call('numa_list', { limit: 1000 }),
    ]);
    return { scenarios, numbers: numbers.data, lists };
  }, [customer?.id]);
  const [editing, setEditing] = useState<Scenario | null>(null);
  const [saved, setSaved] = useState('');
  return (
    <Page title={t.scenarios}>
      <NumbersTabs />
      <p class="muted">{t.scenariosHelp}</p>
      <Show loaded={data}>
        {(d) => (
          <>
            {d.scenarios.length ? (
              <Table
                id="scenarios"
                label={t.scenarios}
                rows={d.scenarios}
                rowKey={(s) => s.id}
                columns={[
                  { key: 'name', label: t.name, head: true, text: (s) => s.name },
                  { key: 'numbers', label: t.scenarioNumbers, text: (s) => s.numbers.map(formatPhone).join(', ') },
                  { key: 'forward', label: t.forwardTo, text: (s) => (s.forward_to ? formatPhone(s.forward_to) : t.noForwarding) },
                  {
                    key: 'routes',
                    label: t.listRoutes,
                    text: (s) => s.routes.map((r) => `${r.list_name} → ${formatPhone(r.forward_to)}`).join(', '),
                    cell: (s) =>
                      s.routes.map((r) => (
                        <div key={r.id} class="row">
                          <span>
                            {r.list_name} → {formatPhone(r.forward_to)}
                          </span>
                          <DeleteButton
                            class="link"
                            label={t.remove}
                            name={r.list_name}
                            ask={{ title: fill(t.removeRouteTitle, { list: r.list_name }), body: t.removeRouteText, yes: t.remove }}
                            run={() => call('scenario_route', { scenario_id: s.id, id: r.id }, 'DELETE')}
                            done={data.reload}
                          />
                        </div>
                      )),
                  },
                  {
                    key: 'actions',
                    label: t.edit,
                    csv: false,
                    class: 'actions',
                    cell: (s) => (
                      <button type="button" onClick={() => setEditing(s)}>
                        {t.edit} <span class="sr">{s.name}</span>
                      </button>
                    ),
                  },
                ]}
              />
            ) : (
              <Empty>{t.noScenarios}</Empty>
            )}
            <p role="status" id="scenario-saved">
              {saved}
            </p>
            <ScenarioForm
              key={editing?.id ?? 'new'}
              scenario={editing}
              numbers={d.numbers}
              onDone={(note) => {
                setSaved(note);
                setEditing(null);
                data.reload();
              }}
            />
            {d.scenarios.length > 0 && <ListRoute data={d} onAdded={data.reload} />}
          </>
        )}
      </Show>
    </Page>
  );
}

/** A new scenario, or the one being edited: its name, forwarding and numbers. */
function ScenarioForm({ scenario, numbers, onDone }: { scenario: Scenario | null; numbers: VirtualNumber[]; onDone(note: string): void }) {
  const { t } = useApp();
  const form = useForm(
    { name: scenario?.name ?? '', forward_to: scenario?.forward_to ?? '', numbers: scenario?.numbers ?? ([] as readonly string[]) },
    {
      async submit(v) {
        const body = { name: v.name.trim(), forward_to: v.forward_to.trim() || null, numbers: [...v.numbers] };
        if (scenario) await call('change_scenario', { id: scenario.id, ...body }, 'PUT');
        else await call('create_scenario', body, 'POST');
        // Where its calls now ring, said where it was set (the page keeps it: an edited form closes).
        onDone(fill(t.scenarioSaved, { name: body.name, to: body.forward_to ? formatPhone(body.forward_to) : t.noForwarding }));
        if (!scenario) form.reset();
      },
    },
  );
  const chosen = form.values.numbers;
  return (
    <form class="card" onSubmit={form.onSubmit} noValidate aria-labelledby="scenario-form-h">
      <h2 id="scenario-form-h">{scenario ? `${t.editScenario}: ${scenario.name}` : t.newScenario}</h2>
      <TextField {...form.field('name', t.name, 'scenario-name')} required />
      <TextField {...form.field('forward_to', t.forwardTo)} type="tel" inputMode="tel" />
      {numbers.length ? (
        <fieldset aria-describedby={form.errors.numbers ? 'scenario-numbers-error' : undefined}>
          <legend>{t.scenarioNumbers}</legend>
          {numbers.map((n) => (
            <div class="field check" key={n.phone_number}>
              <input
                id={`scenario-number-${n.phone_number}`}
                type="checkbox"
                checked={chosen.includes(n.phone_number)}
                onChange={(e) =>
                  form.set(
                    'numbers',
                    (e.target as HTMLInputElement).checked ? [...chosen, n.phone_number] : chosen.filter((x) => x !== n.phone_number),
                  )
                }
              />
              <label for={`scenario-number-${n.phone_number}`}>{formatPhone(n.phone_number)}</label>
            </div>
          ))}
          <FieldError id="scenario-numbers" error={form.errors.numbers} />
        </fieldset>
      ) : (
        <p class="muted">{t.needNumbers}</p>
      )}
      <FormError errors={form.errors} />
      <div class="row">
        <button type="submit" disabled={form.busy}>
          {scenario ? t.save : t.create}
        </button>
        {scenario && (
          <button type="button" class="link" onClick={() => onDone('')}>
            {t.cancel}
          </button>
        )}
      </div>
    </form>
  );
}

/** Callers on one of the customer's lists go elsewhere. */
function ListRoute({ data, onAdded }: { data: ScenarioData; onAdded(): void }) {
  const { t } = useApp();
  const [note, setNote] = useState('');
  const form = useForm(
    { scenario_id: '', numa_list_id: '', forward_to: '' },
    {
      check: { forward_to: phoneShape(t.phoneShape) },
      async submit(v) {
        setNote('');
        await call('scenario_route', { scenario_id: Number(sid), numa_list_id: Number(lid), forward_to: v.forward_to }, 'POST');
        form.set('forward_to', '');
        setNote(t.saved);
        onAdded();
      },
    },
  );
  // Until one is chosen, the selects show (and send) their first choice.
  const sid = form.values.scenario_id || String(data.scenarios[0]!.id);
  const lid = form.values.numa_list_id || String(data.lists[0]?.id ?? '');
  if (!data.lists.length)
    return (
      <p class="empty">
        {t.needNumaList} <a href="/app/numbers/lists">{t.numaLists}</a>
      </p>
    );
  return (
    <form class="card" onSubmit={form.onSubmit} noValidate aria-labelledby="route-h">
      <h2 id="route-h">{t.addListRoute}</h2>
      <SelectField
        id="route-scenario"
        label={t.scenario}
        value={sid}
        onChange={(v) => form.set('scenario_id', v)}
        options={data.scenarios.map((s): [string, string] => [String(s.id), s.name])}
      />
      <SelectField
        id="numa_list_id"
        label={t.numaList}
        value={lid}
        onChange={(v) => form.set('numa_list_id', v)}
        options={data.lists.map((l): [string, string] => [String(l.id), l.name])}
        error={form.errors.numa_list_id}
      />
      <TextField {...form.field('forward_to', t.forwardTo, 'route-forward_to')} type="tel" inputMode="tel" required />
      <SubmitRow form={form} label={t.add} note={note} />
    </form>
  );
}
