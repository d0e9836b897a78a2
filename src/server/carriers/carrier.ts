import type { FastifyInstance } from 'fastify';
import type { AcceptedEvent } from '../telephony/accept-event.js';
import type { CallEvent } from '../telephony/event.js';
import type { Store } from '../store/open.js';

/**
 * What the server asks of a phone carrier (docs/carriers.md). Each carrier is one module under
 * `carriers/<kind>/` exporting a `CarrierModule`: an adapter over the carrier's documented REST API
 * (its official SDK where there is one) for one connected account, and the HTTP routes the carrier
 * calls back (incoming calls, their statuses, call-backs' legs), which turn what the carrier posts
 * into the boundary's call events (telephony/accept-event.ts). The carrier's own words reach the
 * user in `CarrierError.message`; nothing here ever holds or logs credentials beyond the call.
 */

export type CarrierKind = 'twilio' | 'zadarma';

/** A connected carrier account, credentials decrypted for the call that needs them. */
export interface CarrierConnection {
  /** `carrier_connections.id`; the carrier's callback URLs carry it (`/carriers/<kind>/<id>/…`). */
  id: number;
  kind: CarrierKind;
  /** The carrier's credential fields by name (Twilio: `account_sid` with `auth_token`, or also `api_key_sid` + `api_key_secret`; Zadarma: `key`, `secret`). */
  credentials: Readonly<Record<string, string>>;
  /** The server's public base URL, ending with a slash (SVC_PUBLIC_URL): where the carrier calls back. */
  publicUrl: string;
  /** The carrier API's base URL; undefined: the carrier's real one. Tests point it at a stand-in in test/. */
  apiBase?: string | undefined;
}

/** Why a carrier said no, in a form the app and the journal can act on; `message` is the carrier's own words. */
export type CarrierErrorKind = 'auth' | 'balance' | 'invalid_number' | 'taken' | 'not_found' | 'unavailable' | 'timeout' | 'refused';

export class CarrierError extends Error {
  constructor(
    readonly kind: CarrierErrorKind,
    message: string,
    /** The carrier's HTTP status or error code, when it gave one. */
    readonly carrierCode?: string | number,
  ) {
    super(message);
  }
}

export interface Price {
  /** In the currency's main unit (dollars, roubles), as the carrier states it. */
  amount: number;
  currency: string;
}

/** A number the connected account holds at the carrier. */
export interface HeldNumber {
  /** Digits only, with the country code (`14155550100`, `74951234567`). */
  phone: string;
  /** The carrier's id of the number (Twilio: the IncomingPhoneNumber SID). */
  carrierId: string;
  /** Country (ISO 3166 alpha-2) and region or locality, when the carrier says. */
  country?: string | undefined;
  region?: string | undefined;
  monthlyPrice?: Price | undefined;
}

/** A number the carrier offers for sale. */
export interface OfferedNumber {
  phone: string;
  country: string;
  region?: string | undefined;
  locality?: string | undefined;
  /** Null when the carrier does not say before the purchase (the app then says so). */
  monthlyPrice: Price | null;
  setupPrice?: Price | null | undefined;
}

export interface NumberSearch {
  /** ISO 3166 alpha-2: `US`, `RU`. */
  country: string;
  /** A region's or state's code or name, as the carrier lists them. */
  region?: string | undefined;
  areaCode?: string | undefined;
  /** Digits the number should contain. */
  contains?: string | undefined;
  limit?: number | undefined;
}

export interface CallbackDial {
  /** The call-back request (`calls.id`); the carrier's callbacks for its legs name it. */
  requestId: number;
  /** Dialled first: the operator (scenario's or site's forwarding target), digits. */
  operatorPhone: string;
  /** Dialled once the operator answers: the visitor, digits. */
  visitorPhone: string;
  /** Shown to both: the site's tracking number, digits. */
  callerId: string;
}

export interface CarrierAdapter {
  /** Checks the credentials; the account's name (and balance when the carrier says). Throws CarrierError. */
  check(): Promise<{ account: string; balance?: Price | undefined }>;
  /** The numbers the account already holds. */
  heldNumbers(): Promise<HeldNumber[]>;
  searchNumbers(search: NumberSearch): Promise<OfferedNumber[]>;
  /** Buys an offered number (throws `taken` when someone else just bought it); its calls are not yet routed here. */
  buyNumber(phone: string): Promise<HeldNumber>;
  /** Points the number's calls at this server (Twilio: voice URL and status callback), idempotently. */
  routeNumber(number: HeldNumber): Promise<void>;
  /** Gives the number back to the carrier. */
  releaseNumber(number: HeldNumber): Promise<void>;
  /** Dials a call-back: the operator first, then the visitor, the tracking number as caller id. The carrier's call id comes back. */
  dialCallback(dial: CallbackDial): Promise<{ callId: string }>;
}

/** A wrapper of one adapter method (a time limit, a note of how the connection fares). */
export type AdapterMethodWrap = <A extends unknown[], R>(method: (...args: A) => Promise<R>) => (...args: A) => Promise<R>;

/**
 * The adapter with each of its methods passed through `wrap`, called on the adapter: the one list
 * of its methods, so that a method added to CarrierAdapter is wrapped wherever adapters are.
 */
export function wrapAdapter(adapter: CarrierAdapter, wrap: AdapterMethodWrap): CarrierAdapter {
  const each: AdapterMethodWrap = (method) => wrap((...args) => method.apply(adapter, args));
  return {
    check: each(adapter.check),
    heldNumbers: each(adapter.heldNumbers),
    searchNumbers: each(adapter.searchNumbers),
    buyNumber: each(adapter.buyNumber),
    routeNumber: each(adapter.routeNumber),
    releaseNumber: each(adapter.releaseNumber),
    dialCallback: each(adapter.dialCallback),
  };
}

/** How a call to one of the service's numbers is handled (carriers/call-handling.ts reads it). */
export interface CallHandling {
  /** Where to connect the caller (scenario's, number's, block's or site's forwarding target), digits; null: nobody to call. */
  forwardTo: string | null;
  /** Record the call (the site's setting), and the notice the caller hears first (null: none). */
  record: boolean;
  notice: string | null;
  /** The notice's language, for the carrier's speech (`en`, `ru`). */
  language: string;
}

/** What a carrier's routes are given. */
export interface CarrierRouteDeps {
  store: Store;
  /** The connection named in the URL, decrypted; null when there is none of this kind. */
  connection(id: number): Promise<CarrierConnection | null>;
  /** How a call from `numa` to `numb` is handled. */
  handling(call: { numb: string; numa: string }): Promise<CallHandling>;
  /** Applies one call event as the signed boundary does (idempotent by call id and event). */
  accept(event: CallEvent, log: FastifyInstance['log']): Promise<AcceptedEvent>;
}

export interface CarrierModule {
  kind: CarrierKind;
  /** The credential fields the app asks for, in order; `secret` ones are never shown back. */
  fields: ReadonlyArray<{ name: string; secret: boolean; optional?: boolean }>;
  adapter(connection: CarrierConnection): CarrierAdapter;
  /** Registers `/carriers/<kind>/:connectionId/…`. */
  routes(app: FastifyInstance, deps: CarrierRouteDeps): Promise<void> | void;
}
