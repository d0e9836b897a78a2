/**
 * What the live streams listen to (consultant/chat/hub.ts delivers them). Topics carry no data: a
 * writer says what changed, and each stream reads what is new from the database itself.
 */
export type Topic = `site:${number}` | `visitor:${number}` | `status:${number}`;

/** All a writer needs of the hub: to say that something changed once its batch has committed. */
export interface Pokes {
  poke(...topics: Topic[]): void;
}
