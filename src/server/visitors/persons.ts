import type { Queryable } from '../store/queryable.js';
import { addPersonContact, movePerson, personOfContact, personOfVisitor } from './person-queries.js';

/**
 * Persons (rest-api.md `person_by_visitor`: "visitors are merged into one person when they called
 * from one number or logged in under one login"): visitors of one site who left the same phone
 * number (a call-back request, a request, contact data; later an incoming call's caller number) or
 * the same e-mail are one person. Merging is incremental: each contact joins the visitor's person
 * with the person that left it before, and when those are two, the younger person (the larger id)
 * is moved into the older one. A person's id is the id of one of its visitors, so the id of a
 * person that was merged away still names a visitor of the merged person and keeps answering
 * `visitors_by_person`. Runs inside the transaction of the write that carries the contact.
 */

/**
 * The phone as a merge key: its digits, a Russian number written with 8 or without the country code
 * counted as +7 (`8 (916) 123-45-67`, `9161234567` and `+7 916 123-45-67` are one number). Fewer than
 * 7 digits join nobody: such a number names no one.
 */
export function phoneKey(phone: string): string | null {
  let d = phone.replace(/\D/g, '');
  if (d.length === 11 && d.startsWith('8')) d = '7' + d.slice(1);
  else if (d.length === 10) d = '7' + d;
  return d.length >= 7 && d.length <= 20 ? d : null;
}

/** The e-mail as a merge key: trimmed, lower case; null for text that is no e-mail. */
export function emailKey(email: string): string | null {
  const e = email.trim().toLowerCase();
  return /^[^\s@]+@[^\s@]+$/.test(e) && e.length <= 254 ? e : null;
}

/** The visitor left a contact: joins its person with the person that left the same contact before. Returns the person. */
export async function joinByContact(
  db: Queryable,
  siteId: number,
  visitorId: number,
  kind: 'phone' | 'email',
  contact: string,
): Promise<number | null> {
  const person = await personOfVisitor(db, visitorId);
  const key = kind === 'phone' ? phoneKey(contact) : emailKey(contact);
  if (person == null || key == null) return person;
  await addPersonContact(db, siteId, kind, key, person);
  const owner = await personOfContact(db, siteId, kind, key);
  if (owner == null || owner === person) return person;
  const [keep, gone] = owner < person ? [owner, person] : [person, owner];
  await movePerson(db, gone, keep);
  return keep;
}
