import { useState } from 'preact/hooks';
import { appPost, rest } from '../api.js';
import { formatPhone } from '../format.js';
import { useApp } from '../state.js';
import type { Site } from '../types.js';
import { Empty, FieldError, FormError, Page, SelectField, Show, TextField, useData, useSubmit } from '../ui.js';

interface Employee {
  id: number;
  full_name: string | null;
  email: string | null;
  extension: string | null;
  phones: string[];
  is_consultant_operator_active: boolean;
}
interface SipLine {
  id: number;
  phone: string;
  employee_id: number[];
  logical_state: string;
  physical_state: string;
}
interface TeamData {
  employees: Employee[];
  lines: SipLine[];
  sites: Site[];
}

/** The customer's employees and their SIP lines (REST `employee`, `sip_lines`); adding one, and their passwords. */
export function Team() {
  const { t, customer } = useApp();
  const team = useData(async (): Promise<TeamData> => {
    const [employees, lines, sites] = await Promise.all([
      rest<Employee[]>('employee', { limit: 1000 }),
      rest<SipLine[]>('sip_lines', { limit: 1000 }),
      rest<Site[]>('site', { limit: 1000 }),
    ]);
    return { employees: employees.data, lines: lines.data, sites: sites.data };
  }, [customer?.id]);
  return (
    <Page title={t.team}>
      <Show loaded={team}>
        {(d) => (
          <>
            {d.employees.length ? (
              <div class="scroll" tabIndex={0}>
                <table id="team">
                  <thead>
                    <tr>
                      <th scope="col">{t.name}</th>
                      <th scope="col">{t.emailShort}</th>
                      <th scope="col">{t.extension}</th>
                      <th scope="col">{t.phones}</th>
                      <th scope="col">{t.sipLine}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {d.employees.map((e) => (
                      <tr key={e.id}>
                        <td>{e.full_name}</td>
                        <td>{e.email}</td>
                        <td>{e.extension}</td>
                        <td class="nowrap">{e.phones.map(formatPhone).join(', ')}</td>
                        <td>
                          {d.lines
                            .filter((l) => l.employee_id.includes(e.id))
                            .map((l) => `${l.phone} · ${l.physical_state}`)
                            .join(', ')}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : (
              <Empty>{t.noTeam}</Empty>
            )}
            <AddEmployee data={d} onAdded={team.reload} />
            {d.employees.length > 0 && <EmployeePassword employees={d.employees} />}
          </>
        )}
      </Show>
    </Page>
  );
}

const EMPTY = { first_name: '', last_name: '', email: '', password: '', sip_line_id: '' };

/** A new employee: name, e-mail and password for the operator console, the sites served, a SIP line. */
function AddEmployee({ data, onAdded }: { data: TeamData; onAdded(): void }) {
  const { t } = useApp();
  const [v, setV] = useState(EMPTY);
  const [sites, setSites] = useState<number[]>([]);
  const [note, setNote] = useState('');
  const set = (k: keyof typeof EMPTY) => (x: string) => setV({ ...v, [k]: x });
  const form = useSubmit(async () => {
    setNote('');
    await appPost('employees', {
      first_name: v.first_name,
      last_name: v.last_name,
      email: v.email.trim(),
      password: v.password,
      sites,
      sip_line_id: v.sip_line_id ? Number(v.sip_line_id) : null,
    });
    setV(EMPTY);
    setSites([]);
    setNote(t.employeeAdded);
    onAdded();
  });
  return (
    <form class="card" onSubmit={form.onSubmit} noValidate aria-labelledby="new-employee">
      <h2 id="new-employee">{t.addEmployee}</h2>
      <TextField
        id="first_name"
        label={t.firstName}
        value={v.first_name}
        onInput={set('first_name')}
        required
        error={form.errors.first_name}
      />
      <TextField id="last_name" label={t.lastName} value={v.last_name} onInput={set('last_name')} required error={form.errors.last_name} />
      <TextField
        id="employee-email"
        label={t.employeeEmail}
        type="email"
        autocomplete="off"
        value={v.email}
        onInput={set('email')}
        required
        error={form.errors.email}
      />
      <TextField
        id="employee-password"
        label={t.password}
        type="password"
        autocomplete="new-password"
        value={v.password}
        onInput={set('password')}
        required
        error={form.errors.password}
      />
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
        value={v.sip_line_id}
        onChange={set('sip_line_id')}
        options={[['', t.none], ...data.lines.map((l): [string, string] => [String(l.id), l.phone])]}
        error={form.errors.sip_line_id}
      />
      <FormError errors={form.errors} />
      <div class="row">
        <button type="submit" disabled={form.busy}>
          {t.add}
        </button>
        <span role="status">{note}</span>
      </div>
    </form>
  );
}

/** Sets an employee's console password; their console sessions end. */
function EmployeePassword({ employees }: { employees: Employee[] }) {
  const { t } = useApp();
  const [who, setWho] = useState(String(employees[0]!.id));
  const [password, setPassword] = useState('');
  const [note, setNote] = useState('');
  const form = useSubmit(async () => {
    setNote('');
    await appPost(`employees/${who}/password`, { password }, 'PUT');
    setPassword('');
    setNote(t.passwordChanged);
  });
  return (
    <form class="card" onSubmit={form.onSubmit} noValidate aria-labelledby="employee-password-h">
      <h2 id="employee-password-h">{t.employeePassword}</h2>
      <SelectField
        id="employee"
        label={t.employee}
        value={who}
        onChange={setWho}
        options={employees.map((e): [string, string] => [String(e.id), `${e.full_name ?? ''} · ${e.email ?? ''}`])}
      />
      <TextField
        id="employee-new-password"
        label={t.newPassword}
        type="password"
        autocomplete="new-password"
        value={password}
        onInput={setPassword}
        required
        error={form.errors.password}
      />
      <FormError errors={form.errors} />
      <div class="row">
        <button type="submit" disabled={form.busy}>
          {t.changePassword}
        </button>
        <span role="status">{note}</span>
      </div>
    </form>
  );
}
