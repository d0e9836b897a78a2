import { afterEach, describe, expect, it } from 'vitest';
import { IDS, callFromAd, connectAll, conversionServer, qualifyTalks, restCaller, startStandins } from './world.js';

/**
 * The CSV downloads (docs/conversions.md, "CSV downloads"), column by column against the
 * platforms' import templates: Google Ads' click and call conversion templates (first line
 * `Parameters:TimeZone=`), Metrica's offline conversions and calls files.
 */

const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const x of open.splice(0).reverse()) await x.close();
});

const lines = (csv: string) => csv.trimEnd().split('\n');

describe('conversion CSV downloads', () => {
  it('writes the documented templates', async () => {
    const s = await startStandins();
    open.push(s);
    const clock = { t: Date.now() };
    const server = await conversionServer(clock, s);
    open.push(server);
    const rest = await restCaller(server);
    await qualifyTalks(server);
    const ids = await connectAll(rest, s);
    await callFromAd(server, clock, { callId: 'csv-1', from: '79161234567', talk: 45 });
    const call = await server.store.db.selectFrom('calls').select(['call_date']).executeTakeFirstOrThrow();
    const day = (t: string) => ({ site_id: 1, date_from: '2026-01-01', date_till: '2027-01-01', template: t });
    // The customer's zone (Europe/Moscow, UTC+3) writes the times.
    const local = new Date(Date.parse(call.call_date.replace(' ', 'T') + 'Z') + 3 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

    const clicks = await rest('conversion_csv', { ...day('google_ads_clicks'), destination_id: ids.google });
    expect(clicks.status).toBe(200);
    const c = lines((clicks.body.data as { csv: string }).csv);
    expect(c[0]).toBe('Parameters:TimeZone=Europe/Moscow');
    expect(c[1]!.split(',')).toEqual(['Google Click ID', 'Conversion Name', 'Conversion Time', 'Conversion Value', 'Conversion Currency']);
    expect(c[2]!.split(',')).toEqual([IDS.gclid, 'Qualified call', local, '1500', 'RUB']);
    expect(c).toHaveLength(3);

    const callsAnswer = await rest('conversion_csv', { ...day('google_ads_calls'), destination_id: ids.google });
    expect(callsAnswer.body).toMatchObject({ success: true });
    const calls = lines(callsAnswer.body.data['csv']);
    expect(calls[0]).toBe('Parameters:TimeZone=Europe/Moscow');
    expect(calls[1]!.split(',')).toEqual([
      "Caller's Phone Number",
      'Call Start Time',
      'Conversion Name',
      'Conversion Time',
      'Conversion Value',
      'Conversion Currency',
    ]);
    expect(calls[2]!.split(',')).toEqual(['+79161234567', local, 'Qualified call', local, '1500', 'RUB']);

    const unix = String(Math.floor(Date.parse(call.call_date.replace(' ', 'T') + 'Z') / 1000));
    const mcalls = lines((await rest('conversion_csv', { ...day('metrica_calls'), destination_id: ids.metrica })).body.data['csv']);
    expect(mcalls[0]!.split(',')).toEqual([
      'ClientId',
      'Yclid',
      'DateTime',
      'Price',
      'Currency',
      'PhoneNumber',
      'TalkDuration',
      'HoldDuration',
      'CallMissed',
      'Tag',
      'FirstTimeCaller',
      'URL',
    ]);
    expect(mcalls[1]!.split(',')).toEqual([
      IDS.ym,
      '',
      unix,
      '',
      '',
      '+79161234567',
      '45',
      '3',
      '0',
      'qualified',
      '1',
      expect.stringContaining('https://site-a.test/'),
    ]);

    const conv = lines((await rest('conversion_csv', { ...day('metrica_conversions'), destination_id: ids.metrica })).body.data['csv']);
    expect(conv[0]!.split(',')).toEqual(['ClientId', 'Yclid', 'Target', 'DateTime', 'Price', 'Currency']);
    // A call goes to the calls file; the conversions file holds chats and requests.
    expect(conv).toHaveLength(1);

    const wrong = await rest('conversion_csv', { ...day('metrica_calls'), destination_id: ids.google });
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.body)).toContain('google_ads_clicks, google_ads_calls');
    const ga4 = await rest('conversion_csv', { ...day('google_ads_clicks'), destination_id: ids.ga4 });
    expect(ga4.status).toBe(400);
    const empty = await rest('conversion_csv', {
      ...day('google_ads_clicks'),
      date_from: '2025-01-01',
      date_till: '2025-02-01',
      destination_id: ids.google,
    });
    expect(lines(empty.body.data['csv'])).toHaveLength(2);
  });
});
