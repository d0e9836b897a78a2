import { customerById, type CustomerRow } from '../identity/customers.js';
import type { Queryable } from '../store/queryable.js';
import { apiErrors } from './errors.js';
import type { Caller } from './function.js';

/**
 * Whose data a call reaches (docs/spec/rest-api.md, sections 1 and 5): a customer's session
 * only its own customer (a `customer_id` naming another is refused); an agent's session the
 * customer its `customer_id` names, required, and only a customer of that agent. Every function of
 * scope `customer` goes through here before it runs, so no function can forget it.
 */
export async function actingCustomer(db: Queryable, caller: Caller, customerId: number | undefined): Promise<CustomerRow> {
  if (caller.agentId != null) {
    if (customerId === undefined) throw apiErrors.accessDenied('agents pass customer_id');
    const c = await customerById(db, customerId);
    // Another agent's customer reads the same as no customer at all.
    if (!c || c.agent_id !== caller.agentId) throw apiErrors.accessDenied(`customer ${customerId} is not yours`);
    return c;
  }
  const own = caller.customerId;
  if (own == null) throw apiErrors.unauthorized();
  if (customerId !== undefined && customerId !== own) throw apiErrors.accessDenied(`customer ${customerId} is not yours`);
  const c = await customerById(db, own);
  if (!c || c.state !== 'active') throw apiErrors.customerInactive();
  return c;
}

/**
 * The customers a call of scope `account` reaches (function.ts): a customer's session its own (a
 * `customer_id` naming another is refused, as above); an agent's session the customer
 * `customer_id` names, checked as above, or without it every customer of the agent.
 */
export async function reachedCustomers(db: Queryable, caller: Caller, customerId: number | undefined): Promise<CustomerRow[]> {
  if (caller.agentId != null && customerId === undefined) {
    return db.selectFrom('customers').selectAll().where('agent_id', '=', caller.agentId).orderBy('id').execute();
  }
  return [await actingCustomer(db, caller, customerId)];
}
