/**
 * Public types of the page API (../shared/spec/page-api.md): the `Svc` and `SvcWidget` globals,
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
 * (`setCsAccount`, `setCsHost`, `setUIPhoneMaskFormat`, `setDynamicalReplacement`) run before all
 * others whatever their position in the queue; any `Svc` method name is a command too
 * (`["trackEvent", "form", "open"]`), and so is `["onReady", fn]`.
 */
export type Command = [name: string, ...args: unknown[]];

/** Called once credentials are known (at once when they already are). */
export type ReadyCallback = (credentials: Credentials) => void;

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
  /** Records a new page view in the same session (single-page apps) and replaces numbers again. */
  reinitTrackView(): void;
  /** The replacement elements issued to the visitor (cached or from the last page view); `[]` before any. */
  getPhones(): PhoneElement[];
  /** The dynamic-tracking numbers reserved for the visitor, or null when none is. */
  getDTPhones(): PhoneElement[] | null;
  /** The numbers actually replaced on this page; see {@link ReplacedPhones}. Default type: all. */
  getReplacedPhones(type?: 'static' | 'dynamic' | null): ReplacedPhones;
}

/** The `SvcWidget` global. Its methods arrive with the call-back capability. */
export interface SvcWidgetApi {
  /** Runs commands at once, like `Svc.push`. */
  push(...commands: Command[]): number;
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
