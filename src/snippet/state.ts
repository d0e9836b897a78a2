import type { Credentials, ReadyCallback } from '../types.js';
import type { SiteSettings, VisitorRef } from '../protocol.js';

/** The snippet's state for this page. One object, so every module reads the same values. */
export interface State {
  /** Site key from `setCsAccount`; nothing is sent without it. */
  _key?: string | null;
  /** Consultant-server base URL, ending with a slash: the script's origin or `setCsHost`. */
  _host?: string | null;
  /** Phone mask of the site-phone form (`setUIPhoneMaskFormat`). */
  _mask?: string | null;
  /** Language of the widgets (`setLang`); null: the site's default. */
  _lang?: string | null;
  /** Replacement in content added later (`setDynamicalReplacement`). */
  _dyn?: boolean;
  /** The stored visitor, once known. */
  _visitor: VisitorRef | null;
  /** Credentials of the current page view, once the server has answered it. */
  _creds: Credentials | null;
  /** Site settings from the last page-view answer. */
  _settings?: SiteSettings | null;
  /** Client id of the current page view: every write names it. */
  _hit?: string | null;
  /** URL of the current page view, the referrer of the next SPA page view. */
  _url?: string;
  /** Callbacks waiting for credentials. */
  _ready: ReadyCallback[];
  /** True once the first page view has been queued. */
  _started?: boolean;
  /** `["requireConsent"]` given and `setConsent(true)` not (or withdrawn): nothing stored or sent. */
  _wait?: boolean;
  /** True once storage was read and sending began (the first start with consent). */
  _sending?: boolean;
}

export const _state: State = {
  _visitor: null,
  _creds: null,
  _ready: [],
};

/** The page's document, under a name terser can shorten (it is read in many places). */
export const doc = document;
