/**
 * Public types of the page API (docs/spec/page-api.md): the `Svc` and `SvcWidget` globals,
 * the credentials object, the command queue and the callback shapes. Every field says what it is
 * and its default. Internal state never appears here.
 */

/** Result of `Svc.getCredentials()` (page-api §2, "Credentials object"). */
export interface Credentials {
  /** Site key, as given by `["setCsAccount", SITE_KEY]`. */
  site_key: string;
  /** Widget key of the site. */
  key: string;
  /** Address of the consultant server. */
  uri: string;
  /** Visitor id. */
  visitor_id: number;
  /** Current page view id; changes on `reinitTrackView()`. */
  hit_id: number;
  /** Visitor session id. */
  session_id: number;
  /** Base URL for server calls; always ends with a slash. Never hard-code it. */
  consultant_server_url: string;
}

/**
 * A phone replacement element (page-api §2): what `getPhones()`, `getDTPhones()` and
 * `__cs_onReplacePhones` receive.
 */
export interface PhoneElement {
  /** What it replaces: `#<id>`, `.<class>`, `[name=<name>]` or `number=<digits>`. */
  id: string;
  /** Image address (http or https) shown instead of the number in `#`, `.` and `[name=]` targets; null when none. */
  img: string | null;
  /** The number formatted for display, e.g. `+7 (495) 777-00-11`. */
  text: string | null;
  /** The number as digits only, e.g. `74957770011`. */
  raw: string;
}

/**
 * `getReplacedPhones()`: `{"number=<original digits>": "<replacement digits>"}` for every number
 * replaced on the page. `getReplacedPhones("dynamic" | "static")`: `{"<replacement digits>":
 * ["number=<original digits>", …]}` for the dynamic-tracking or the static numbers only.
 */
export type ReplacedPhones = Record<string, string> | Record<string, string[]>;

/** `window.__cs_onReplacePhones`: called with the numbers before they replace the page's; `false` cancels. */
export type ReplacePhonesHook = (phones: PhoneElement[]) => boolean;

/**
 * One queued command: its name, then its arguments. Configuration commands
 * (`setCsAccount`, `setCsHost`, `setUIPhoneMaskFormat`, `setDynamicalReplacement`, `setLang`,
 * `requireConsent`) run before all
 * others whatever their position in the queue; any `Svc` method name is a command too
 * (`["trackEvent", "form", "open"]`), and so is `["onReady", fn]`.
 */
export type Command = [name: string, ...args: unknown[]];

/** Called once credentials are known (at once when they already are). */
export type ReadyCallback = (credentials: Credentials) => void;

/** `Svc.addVisitorInfo(req)`: at least one of the three must be filled; other fields are ignored. */
export interface VisitorInfo {
  /** Visitor name; overwrites the stored name. */
  name?: string;
  /** E-mail; added to the visitor's e-mails, kept unique (case-insensitive). */
  email?: string;
  /** Phone; added to the visitor's phones, kept unique by its digits. */
  phone?: string;
}

/** `Svc.addOfflineRequest(req)`: at least one of name, email, phone, message must be filled. */
export interface OfflineRequest {
  /** Visitor name. */
  name?: string;
  /** Visitor e-mail. */
  email?: string;
  /** Visitor phone. */
  phone?: string;
  /** Request text and anything else without its own field. */
  message?: string;
  /** True for a sale. Default false. */
  is_sale?: boolean;
  /** Deal sum, decimal text ("1500" or "1500.50"); only with `is_sale: true`. */
  sale_cost?: string | number;
  /** Group the request goes to. */
  group_id?: number;
  /** Name of the custom request form. */
  form_name?: string;
}

/**
 * Callback argument of `addOfflineRequest`: `result` is null on success, else `{code}` naming the
 * reason (`empty`, `invalid_<field>`, `sale_cost_without_sale`, or the server's `invalid: …` code).
 */
export interface OfflineRequestResult {
  success: boolean;
  result: null | { code: string };
}

/** Callback argument of `addVisitorInfo`: `code` (the reason) only when success is false. */
export interface VisitorInfoResult {
  success: boolean;
  code?: string;
}

/**
 * Callback argument of `setProperty` and `deleteProperty` (an extension of the page API): `code`
 * (the reason) only when success is false.
 */
export interface PropertyWriteResult {
  success: boolean;
  code?: string;
}

/** Callback argument of `hasProperty` (result: whether the property is set); `code` only on failure. */
export interface HasPropertyResult {
  success: boolean;
  result: boolean;
  code?: string;
}

/**
 * Callback argument of `getProperty`: the value; null for a property set without a value; false
 * when the property is not set (and on failure, with `code`).
 */
export interface GetPropertyResult {
  success: boolean;
  result: string | null | false;
  code?: string;
}

/** What `Svc.Captcha.get_captcha` passes on success (page-api §2, "Callback result shapes"). */
export interface Captcha {
  /** Captcha id: valid once, for 5 minutes; send it as `captcha_key`. */
  key: string;
  /** Absolute address of the image (a PNG on the consultant server) showing 4 digits. */
  url: string;
}

/** What a call fails with when the server could not be asked or refused: `code` says why. */
export interface Failure {
  success: false;
  code: string;
}

/** Parameters of `SvcWidget.sitePhoneCall` (page-api §4); other fields are ignored. */
export interface SitePhoneCallParams {
  /** Visitor phone, required: digits, spaces and `+ ( ) - .`, 10 to 15 digits. */
  phone: string | number;
  /** Captcha key from `get_captcha`; required when the site's captcha is on. */
  captcha_key?: string | null;
  /** The 4 digits the visitor read on the image; required when the site's captcha is on. */
  captcha_value?: string | number | null;
  /** When to call, epoch milliseconds (UTC), as a number or digits; in the future. Default: now. */
  delayed_call_time?: string | number | null;
  /** Employee group that receives the call. Default: the site's scenario decides. */
  group_id?: string | number | null;
}

/** What `sitePhoneCall` passes: `success` is true only for status 0. */
export interface SitePhoneCallResult {
  success: boolean;
  result: {
    /**
     * 0 sent to the platform, 1 captcha wrong (or missing, expired, used), 2 no call-back scenario
     * for the site, 3 platform error, 4 the limit of calls per minute is exhausted; -1 not sent
     * (invalid input; see `code`).
     */
    status: -1 | 0 | 1 | 2 | 3 | 4;
    /** Short reason: `sent`, `captcha_wrong`, `invalid_phone`… (docs/page-api.md, "Call-back requests"). */
    code: string;
  };
}

/** The `Svc` global. */
export interface SvcApi {
  /** Runs commands at once (the same as `__cs.push` after load). Returns the number run. */
  push(...commands: Command[]): number;
  /** Calls `fn(credentials)` once credentials are known; at once if they already are. */
  onReady(fn: ReadyCallback): void;
  /** The credentials object, or null before the server has answered the first page view. */
  getCredentials(): Credentials | null;
  /** Visitor id, or null before it is known. */
  getVisitorId(): number | null;
  /** Session id, or null before it is known. */
  getSessionId(): number | null;
  /** Records a custom event for the current page view. `category` and `action` are required. */
  trackEvent(category: string, action: string, name?: string, value?: string): void;
  /**
   * Sets a visitor property on the server; seen on every later page. Without a value (omitted,
   * null or `""`) the property has none; a number becomes text. The callback gets
   * `{success}`, or `{success: false, code}`.
   */
  setProperty(name: string, value?: string | number | null, callback?: (r: PropertyWriteResult) => void): void;
  /** Passes `{success, result}`: whether the visitor has the property. Runs after earlier writes. */
  hasProperty(name: string, callback?: (r: HasPropertyResult) => void): void;
  /** Passes `{success, result}`: the property's value, null without one, false when not set. */
  getProperty(name: string, callback?: (r: GetPropertyResult) => void): void;
  /** Deletes a visitor property. The callback gets `{success}`, or `{success: false, code}`. */
  deleteProperty(name: string, callback?: (r: PropertyWriteResult) => void): void;
  /** Saves visitor data (name overwrites; email and phone are added). Never lost, sent once. */
  addVisitorInfo(req: VisitorInfo, callback?: (r: VisitorInfoResult) => void): void;
  /** Sends a custom-form request. Never lost, stored once; the callback fires when it is stored. */
  addOfflineRequest(req: OfflineRequest, callback?: (r: OfflineRequestResult) => void): void;
  /**
   * True while at least one operator of the site is online, else false (also before the server has
   * said). Kept current by the server while the page is shown.
   */
  getOperatorStatus(): boolean;
  /** Opens the request form (name, phone, e-mail, message), sent as an offline request. */
  openSiteRequestPanel(): void;
  /** Opens the chat when an operator is online, otherwise the request form. */
  openChatWindow(): void;
  /** Captcha of the call-back request. */
  Captcha: {
    /** Gets a new captcha: `callback({key, url})`, or `callback({success: false, code})`. */
    get_captcha(callback?: (captcha: Captcha | Failure) => void): void;
  };
  /** Records a new page view in the same session (single-page apps) and replaces numbers again. */
  reinitTrackView(): void;
  /**
   * Consent of the visitor, after `["requireConsent"]`: `true` starts storing and sending what
   * waited in memory; `false` stops both and removes everything the snippet stored on this site.
   */
  setConsent(consent: boolean): void;
  /** The replacement elements issued to the visitor (cached or from the last page view); `[]` before any. */
  getPhones(): PhoneElement[];
  /** The dynamic-tracking numbers reserved for the visitor, or null when none is. */
  getDTPhones(): PhoneElement[] | null;
  /** The numbers actually replaced on this page: `{"number=<original>": "<replacement>"}`. */
  getReplacedPhones(type?: null): Record<string, string>;
  /** The dynamic-tracking or static numbers replaced: `{"<replacement>": ["number=<original>", …]}`. */
  getReplacedPhones(type: 'static' | 'dynamic'): Record<string, string[]>;
  /** Either shape, by `type`; see {@link ReplacedPhones}. */
  getReplacedPhones(type?: 'static' | 'dynamic' | null): ReplacedPhones;
}

/** The `SvcWidget` global. */
export interface SvcWidgetApi {
  /** Runs commands at once, like `Svc.push`. */
  push(...commands: Command[]): number;
  /**
   * Places a call-back request. Without a callback the result is shown in a popup notification,
   * as the standard form shows it.
   */
  sitePhoneCall(params: SitePhoneCallParams, callback?: (result: SitePhoneCallResult) => void): void;
  /** Opens the standard call-back form (loads the widget bundle on first use). */
  openSitePhonePanel(): void;
}

/** The page-side queue: an array before the script loads; after load `push` runs at once. */
export type CommandQueue = Command[];

declare global {
  /** The main page API, installed by svc.js. */
  var Svc: SvcApi;
  /** The widget API, installed by svc.js. */
  var SvcWidget: SvcWidgetApi;
  interface Window {
    /** The main page API, installed by svc.js. */
    Svc: SvcApi;
    /** The widget API, installed by svc.js. */
    SvcWidget: SvcWidgetApi;
    /** The command queue the loader creates. */
    __cs?: CommandQueue;
    /** Called before numbers are replaced; returning `false` cancels. Default: returns `true`. */
    __cs_onReplacePhones?: ReplacePhonesHook;
  }
}
