/** `limit`/`offset` of a REST list. */
export interface Page {
  limit: number;
  offset: number;
}
