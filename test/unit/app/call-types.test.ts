import { describe, expect, it } from 'vitest';
import { call, callPage, type DataOf } from '../../../src/app/api.js';

/**
 * The app's client is typed by the API reference: `npm run -s typecheck` compiles these calls, and
 * each `@ts-expect-error` line fails the check if the mistake below it ever compiles. They are
 * never run.
 */
function typedCalls() {
  void call('site', { limit: 10 });
  void call('me');
  void call('create_site', { domain: 'example.com', user_phone: '+74951234567' }, 'POST');
  void call('delete_site', { id: 1 }, 'DELETE');
  void call('api_login', { id: 1 }, 'DELETE');
  void callPage('journal', { site_id: 1, date_from: '2026-01-01', date_till: '2026-01-02' });
  // @ts-expect-error: no such function
  void call('sites', { limit: 10 });
  // @ts-expect-error: no such argument
  void call('site', { limt: 10 });
  // @ts-expect-error: an argument of the wrong type
  void call('site', { limit: '10' });
  // @ts-expect-error: a required argument left out
  void call('delete_site', {}, 'DELETE');
  // @ts-expect-error: a verb the function does not answer
  void call('delete_site', { id: 1 }, 'PUT');
  // @ts-expect-error: a change needs its verb
  void call('create_site', { domain: 'example.com', user_phone: '+74951234567' });
  const site: DataOf<'site'>[number] = { id: 1, domain: 'example.com', site_key: 'k', widget_key: 'w' };
  // @ts-expect-error: the answer's fields are the declared ones
  void site.name;
}

describe('the typed client', () => {
  it('is checked by the type check (the calls above are compiled, not run)', () => {
    expect(typeof typedCalls).toBe('function');
  });
});
