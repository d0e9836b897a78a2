import { useState } from 'preact/hooks';
import { DeleteButton } from '../delete-button.js';
import { call, type DataOf } from '../api.js';
import { formatPhone } from '../format.js';
import { fill } from '../i18n.js';
import { NumbersTabs } from '../numbers-tabs.js';
import { useApp } from '../state.js';
import { phoneShape, useForm } from '../form.js';
import { Empty, Page, SelectField, Show, TextField, useData } from '../ui.js';
import { SubmitRow } from '../submit-row.js';
import { useNameForm } from '../name-form.js';
import { selectOf } from '../form-fields.js';

/** Caller-number lists (REST `create_numa_list`, `add_number_to_numa_list`, `remove_number_from_numa_list`). */
type NumaList = DataOf<'numa_list'>[number];

export function NumaLists() {
  const { t, customer } = useApp();
  const lists = useData(() => call('numa_list', { limit: 1000 }), [customer?.id]);
  return (
    <Page title={t.numaLists}>
      <NumbersTabs />
      <p class="muted">{t.numaListsHelp}</p>
      <Show loaded={lists}>
        {(ls) => (
          <>
            {ls.length ? (
              ls.map((l) => (
                <section class="card" key={l.id} aria-labelledby={`list-${l.id}`} data-list={l.name}>
                  <h2 id={`list-${l.id}`}>{l.name}</h2>
                  {l.numbers.length ? (
                    <ul class="list">
                      {l.numbers.map((n) => (
                        <li key={n} class="row">
                          <span class="nowrap">{formatPhone(n)}</span>
                          <DeleteButton
                            class="link"
                            label={t.remove}
                            name={formatPhone(n)}
                            ask={{
                              title: fill(t.removeListNumberTitle, { number: formatPhone(n), list: l.name }),
                              body: t.removeListNumberText,
                              yes: t.remove,
                            }}
                            run={() => call('remove_number_from_numa_list', { numa_list_id: l.id, number: n }, 'POST')}
                            done={lists.reload}
                          />
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <Empty>{t.noListNumbers}</Empty>
                  )}
                </section>
              ))
            ) : (
              <Empty>{t.noNumaLists}</Empty>
            )}
            {ls.length > 0 && <AddNumber lists={ls} onAdded={lists.reload} />}
            <NewList onAdded={lists.reload} />
          </>
        )}
      </Show>
    </Page>
  );
}

function NewList({ onAdded }: { onAdded(): void }) {
  const { t } = useApp();
  const { form, note } = useNameForm((name) => call('create_numa_list', { name }, 'POST'), onAdded);
  return (
    <form class="card" onSubmit={form.onSubmit} noValidate aria-labelledby="new-list-h">
      <h2 id="new-list-h">{t.newNumaList}</h2>
      <TextField {...form.field('name', t.name)} required />
      <SubmitRow form={form} label={t.create} note={note} />
    </form>
  );
}

function AddNumber({ lists, onAdded }: { lists: NumaList[]; onAdded(): void }) {
  const { t } = useApp();
  const [note, setNote] = useState('');
  const form = useForm(
    { numa_list_id: String(lists[0]!.id), number: '' },
    {
      check: { number: phoneShape(t.phoneShape) },
      async submit(v) {
        setNote('');
        await call('add_number_to_numa_list', { numa_list_id: Number(v.numa_list_id), number: v.number }, 'POST');
        form.set('number', '');
        setNote(t.saved);
        onAdded();
      },
    },
  );
  return (
    <form class="card" onSubmit={form.onSubmit} noValidate aria-labelledby="add-number-h">
      <h2 id="add-number-h">{t.addToList}</h2>
      <SelectField {...selectOf(form, 'numa_list_id', t.numaList)} options={lists.map((l): [string, string] => [String(l.id), l.name])} />
      <TextField {...form.field('number', t.callerNumber)} type="tel" inputMode="tel" required />
      <SubmitRow form={form} label={t.add} note={note} />
    </form>
  );
}
