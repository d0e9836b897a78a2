/** What the typed client session (api-session.ts) found, for the client test to check. */
export interface SessionResult {
  campaignId: number;
  groupId: number;
  conditionId: number;
  stat: Array<{ visits_count: number }>;
  calls: unknown[];
  /** The server's answer to the call the types refuse. */
  refused: unknown;
  /** The list's X-Total-Count header of `call`. */
  callTotal: string | null;
}
