import type { ConversionPlatform } from '../store/tables.js';
import { ga4 } from './ga4.js';
import { googleAds } from './google-ads.js';
import { metrica } from './metrica.js';
import type { PlatformModule } from './platform.js';

/** The platforms a destination may be, by name. */
export const PLATFORMS: Readonly<Record<ConversionPlatform, PlatformModule<unknown, unknown>>> = {
  google_ads: googleAds as PlatformModule<unknown, unknown>,
  metrica: metrica as PlatformModule<unknown, unknown>,
  ga4: ga4 as PlatformModule<unknown, unknown>,
};

export const PLATFORM_NAMES = ['google_ads', 'metrica', 'ga4'] as const satisfies readonly ConversionPlatform[];
