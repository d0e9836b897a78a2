import { rest } from '../api.js';
import { formatPhone } from '../format.js';
import { useApp } from '../state.js';
import { Empty, Page, Show, useData } from '../ui.js';

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

/** The customer's employees and their SIP lines (REST `employee`, `sip_lines`). */
export function Team() {
  const { t, customer } = useApp();
  const team = useData(async () => {
    const [employees, lines] = await Promise.all([
      rest<Employee[]>('employee', { limit: 1000 }),
      rest<SipLine[]>('sip_lines', { limit: 1000 }),
    ]);
    return { employees: employees.data, lines: lines.data };
  }, [customer?.id]);
  return (
    <Page title={t.team}>
      <Show loaded={team}>
        {({ employees, lines }) =>
          employees.length ? (
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
                  {employees.map((e) => (
                    <tr key={e.id}>
                      <td>{e.full_name}</td>
                      <td>{e.email}</td>
                      <td>{e.extension}</td>
                      <td class="nowrap">{e.phones.map(formatPhone).join(', ')}</td>
                      <td>
                        {lines
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
          )
        }
      </Show>
    </Page>
  );
}
