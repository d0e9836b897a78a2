import type { Kysely } from 'kysely';

/**
 * The lease policy of DT pools (leases/lease-policy.ts): who took a lease, counted against the
 * pool's share per client address and per user-agent family, and the lease's full end for a lease
 * still on its short first term. `confirm_until_ms` is null for a full lease (every lease made
 * before this step is one); a visitor who shows it is a person moves `until_ms` to it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await s.alterTable('dt_leases').addColumn('address_group', 'text').execute();
  await s.alterTable('dt_leases').addColumn('agent_family', 'text').execute();
  await s.alterTable('dt_leases').addColumn('confirm_until_ms', 'bigint').execute();
  // The two counts of the policy, each over live leases of one pool: no scan of the lease history.
  await s.createIndex('dt_leases_address').on('dt_leases').columns(['block_id', 'address_group', 'until_ms']).execute();
  await s.createIndex('dt_leases_family').on('dt_leases').columns(['block_id', 'agent_family', 'until_ms']).execute();
}
