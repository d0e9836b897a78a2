import { describe, expect, it } from 'vitest';
import { campaignParams, referrerInfo } from '../../../../src/server/tracking/campaign.js';
import { userAgentInfo } from '../../../../src/server/http/user-agent.js';

describe('campaignParams', () => {
  it('reads utm, click ids and OpenStat from the landing URL', () => {
    const p = campaignParams('https://shop.example/?utm_source=ya&utm_medium=cpc&utm_term=sofa&gclid=G1&yclid=Y1&ef_id=E1');
    expect(p).toMatchObject({
      utm_source: 'ya',
      utm_medium: 'cpc',
      utm_term: 'sofa',
      gclid: 'G1',
      yclid: 'Y1',
      ef_id: 'E1',
      utm_campaign: null,
    });
  });

  it('decodes _openstat (base64 service;campaign;ad;source) into os_*', () => {
    const os = Buffer.from('direct.yandex.ru;12345;67890;news.example').toString('base64');
    expect(campaignParams(`https://x.example/?_openstat=${encodeURIComponent(os)}`)).toMatchObject({
      os_service_name: 'direct.yandex.ru',
      os_campaign_id: '12345',
      os_ad_id: '67890',
      os_source_id: 'news.example',
    });
    expect(campaignParams('https://x.example/?_openstat=svc;1;2;src')).toMatchObject({ os_service_name: 'svc', os_source_id: 'src' });
  });

  it('prefers explicit os_* parameters over _openstat', () => {
    expect(campaignParams('https://x.example/?_openstat=a;b;c;d&os_ad_id=explicit').os_ad_id).toBe('explicit');
  });

  it('returns all nulls for a URL without parameters or an unparsable one', () => {
    expect(Object.values(campaignParams('https://x.example/')).every((v) => v === null)).toBe(true);
    expect(Object.values(campaignParams('not a url')).every((v) => v === null)).toBe(true);
  });
});

describe('referrerInfo', () => {
  it('detects search engines and their queries', () => {
    expect(referrerInfo('https://www.google.com/search?q=buy+sofa')).toMatchObject({
      search_engine: 'google',
      search_query: 'buy sofa',
      referrer_domain: 'www.google.com',
    });
    expect(referrerInfo('https://yandex.ru/search/?text=диван')).toMatchObject({ search_engine: 'yandex', search_query: 'диван' });
    expect(referrerInfo('https://www.bing.com/search?q=x')).toMatchObject({ search_engine: 'bing' });
  });

  it('keeps other referrers with their domain and no engine', () => {
    expect(referrerInfo('https://blog.example/post')).toEqual({
      referrer: 'https://blog.example/post',
      referrer_domain: 'blog.example',
      search_engine: null,
      search_query: null,
    });
    expect(referrerInfo('')).toEqual({ referrer: null, referrer_domain: null, search_engine: null, search_query: null });
  });
});

describe('userAgentInfo', () => {
  it('names common browsers and systems', () => {
    expect(
      userAgentInfo('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36'),
    ).toEqual({
      browser_name: 'Chrome',
      browser_version: '120.0.0.0',
      os_name: 'Windows',
      os_version: '10.0',
    });
    expect(
      userAgentInfo(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
      ),
    ).toMatchObject({
      browser_name: 'Safari',
      os_name: 'iOS',
      os_version: '17.1',
    });
    expect(
      userAgentInfo('Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 Chrome/118.0 YaBrowser/23.11.0 Safari/537.36').browser_name,
    ).toBe('Yandex');
    expect(userAgentInfo('')).toEqual({ browser_name: null, browser_version: null, os_name: null, os_version: null });
  });
});
