/**
 * The REST functions of agents' sessions only (scope `agent` in their declarations under
 * src/server): they act on the agent itself and take no `customer_id`, so the app sends them none.
 * The app is a browser bundle and cannot import the server's declarations: this list is written
 * here and test/unit/server/api/function-declarations.test.ts holds it equal to them.
 */
export const AGENT_FUNCTIONS: readonly string[] = ['customer_list', 'agent_tp', 'create_agent_customer', 'activate_agent_customer'];
