import { useState } from 'preact/hooks';
import { call, callPage, type DataOf } from '../api.js';
import { formatPhone } from '../format.js';
import { fill } from '../i18n.js';
import { PasswordForm } from '../password-form.js';
import { Table } from '../table.js';
import { useApp } from '../state.js';
import { DeleteButton } from '../delete-button.js';
import { minLength, required, useForm } from '../form.js';
import { Empty, FieldError, FormError, Page, SelectField, Show, TextField, useData } from '../ui.js';

type Site = DataOf<'site'>[number];
type Employee = DataOf<'employee'>[number];
type SipLine = DataOf<'sip_lines'>[number];
type Assignment = DataOf<'employee_assignment'>[number];
interface TeamData {
  employees: Employee[];
  lines: SipLine[];
  sites: Site[];
  assignments: Assignment[];
}

/** The customer's employees and their SIP lines (REST `employee`, `sip_lines`); adding one, and their passwords. */
export function Team() {
  const { t, customer } = useApp();
  const team = useData(async (): Promise<TeamData> => {
    const [employees, lines, sites, assignments] = await Promise.all([
      callPage('employee', { limit: 1000 }),
      callPage('sip_lines', { limit: 1000 }),
      callPage('site', { limit: 1000 }),
      call('employee_assignment', { limit: 1000 }),
    ]);
    return { employees: employees.data, lines: lines.data, sites: sites.data, assignments };
  }, [customer?.id]);
  const [editing, setEditing] = useState<number | null>(null);
  const [removed, setRemoved] = useState('');
  return (
    <Page title={t.team}>
      <Show loaded={team}>
        {(d) => (
          <>
            {d.employees.length ? (
              <Table
                id="team"
                label={t.team}
                rows={d.employees}
                rowKey={(e) => e.id}
                columns={[
                  { key: 'name', label: t.name, head: true, text: (e) => e.full_name },
                  { key: 'email', label: t.emailShort, text: (e) => e.email },
                  { key: 'extension', label: t.extension, text: (e) => e.extension },
                  { key: 'phones', label: t.phones, class: 'nowrap', text: (e) => e.phones.map(formatPhone).join(', ') },
                  {
                    key: 'sip',
                    label: t.sipLine,
                    text: (e) =>
                      d.lines
                        .filter((l) => l.employee_id.includes(e.id))
                        .map((l) => `${l.phone} · ${l.physical_state}`)
                        .join(', '),
                  },
                  {
                    key: 'actions',
                    label: t.edit,
                    class: 'actions',
                    csv: false,
                    cell: (e) => (
                      <>
                        <button type="button" onClick={() => setEditing(e.id)}>
                          {t.edit} <span class="sr">{e.full_name}</span>
                        </button>
                        <DeleteButton
                          class="secondary"
                          label={t.remove}
                          name={e.full_name ?? ''}
                          ask={{ title: fill(t.removeEmployee, { name: e.full_name ?? '' }), body: t.removeEmployeeText, yes: t.remove }}
                          run={() => call('delete_employee', { id: e.id }, 'DELETE')}
                          done={(r) => {
                            setRemoved(r.unserved.length ? fill(t.sitesUnserved, { sites: r.unserved.join(', ') }) : t.employeeRemoved);
                            team.reload();
                          }}
                        />
                      </>
                    ),
                  },
                ]}
              />
            ) : (
              <Empty>{t.noTeam}</Empty>
            )}
            <p role="status">{removed}</p>
            {editing != null && d.assignments.some((a) => a.id === editing) ? (
              <EmployeeForm
                key={editing}
                data={d}
                editing={d.assignments.find((a) => a.id === editing)!}
                onDone={() => {
                  setEditing(null);
                  team.reload();
                }}
              />
            ) : (
              <EmployeeForm data={d} editing={null} onDone={team.reload} />
            )}
            {d.employees.length > 0 && <EmployeePassword employees={d.employees} />}
          </>
        )}
      </Show>
    </Page>
  );
}

const EMPTY = { first_name: '', last_name: '', email: '', password: '', sip_line_id: '' };

/**
 * A new employee (name, e-mail and password for the operator console, the sites served, a SIP
 * line), or the one being edited: its name, sites and SIP line.
 */
function EmployeeForm({ data, editing, onDone }: { data: TeamData; editing: Assignment | null; onDone(): void }) {
  const { t } = useApp();
  const line = editing ? data.lines.find((l) => l.employee_id.includes(editing.id)) : undefined;
  const [sites, setSites] = useState<number[]>(editing?.sites ?? []);
  const [note, setNote] = useState('');
  const initial = editing
    ? { ...EMPTY, first_name: editing.first_name, last_name: editing.last_name, sip_line_id: line ? String(line.id) : '' }
    : EMPTY;
  const form = useForm(initial, {
    check: {
      first_name: required(t.fieldRequired),
      last_name: required(t.fieldRequired),
      ...(editing ? {} : { email: required(t.fieldRequired), password: minLength(8, fill(t.atLeastChars, { n: 8 })) }),
    },
    async submit(v) {
      setNote('');
      const fields = { first_name: v.first_name, last_name: v.last_name, sites, sip_line_id: v.sip_line_id ? Number(v.sip_line_id) : null };
      if (editing) {
        await call('change_employee', { id: editing.id, ...fields }, 'PUT');
        setNote(t.saved);
      } else {
        await call('create_employee', { ...fields, email: v.email.trim(), password: v.password }, 'POST');
        form.reset();
        setSites([]);
        setNote(t.employeeAdded);
      }
      onDone();
    },
  });
  const title = editing ? `${t.editEmployee}: ${editing.last_name} ${editing.first_name}` : t.addEmployee;
  return (
    <form class="card" onSubmit={form.onSubmit} noValidate aria-labelledby="employee-form-h">
      <h2 id="employee-form-h">{title}</h2>
      <TextField {...form.field('first_name', t.firstName)} required />
      <TextField {...form.field('last_name', t.lastName)} required />
      {!editing && (
        <>
          <TextField {...form.field('email', t.employeeEmail, 'employee-email')} type="email" autocomplete="off" required />
          <TextField {...form.field('password', t.password, 'employee-password')} type="password" autocomplete="new-password" required />
        </>
      )}
      {data.sites.length > 0 && (
        <fieldset aria-describedby={form.errors.sites ? 'employee-sites-error' : undefined}>
          <legend>{t.sitesServed}</legend>
          {data.sites.map((s) => (
            <div class="field check" key={s.id}>
              <input
                id={`employee-site-${s.id}`}
                type="checkbox"
                checked={sites.includes(s.id)}
                onChange={(e) => setSites((e.target as HTMLInputElement).checked ? [...sites, s.id] : sites.filter((x) => x !== s.id))}
              />
              <label for={`employee-site-${s.id}`}>{s.domain}</label>
            </div>
          ))}
          <FieldError id="employee-sites" error={form.errors.sites} />
        </fieldset>
      )}
      <SelectField
        id="sip_line_id"
        label={t.sipLine}
        value={form.values.sip_line_id}
        onChange={(x) => form.set('sip_line_id', x)}
        options={[['', t.none], ...data.lines.map((l): [string, string] => [String(l.id), l.phone])]}
        error={form.errors.sip_line_id}
      />
      <FormError errors={form.errors} />
      <div class="row">
        <button type="submit" disabled={form.busy}>
          {editing ? t.save : t.add}
        </button>
        {editing && (
          <button type="button" class="link" onClick={onDone}>
            {t.cancel}
          </button>
        )}
        <span role="status">{note}</span>
      </div>
    </form>
  );
}

/** Sets an employee's console password; their console sessions end. */
function EmployeePassword({ employees }: { employees: Employee[] }) {
  const { t } = useApp();
  return (
    <PasswordForm
      id="employee-password-form"
      title={t.employeePassword}
      who={{
        label: t.employee,
        options: employees.map((e): [string, string] => [String(e.id), `${e.full_name ?? ''} · ${e.email ?? ''}`]),
      }}
      onSubmit={async (v) => void (await call('employee_password', { id: Number(v.who), password: v.password }, 'PUT'))}
    />
  );
}
