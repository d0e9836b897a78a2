import type { CarrierModule } from '../carrier.js';
import { twilioAdapter } from './adapter.js';
import { twilioRoutes } from './routes.js';

/**
 * Twilio (docs/carriers-twilio.md): numbers bought and routed through Twilio's REST API, incoming
 * calls and call-backs through its webhooks and TwiML, all through the official `twilio` SDK.
 */
export const twilioCarrier: CarrierModule = {
  kind: 'twilio',
  fields: [
    { name: 'account_sid', secret: false },
    // Needed even with an API key: Twilio signs its webhooks with the auth token, and the
    // server checks every webhook's signature with it.
    { name: 'auth_token', secret: true },
    { name: 'api_key_sid', secret: false, optional: true },
    { name: 'api_key_secret', secret: true, optional: true },
  ],
  adapter: (connection) => twilioAdapter(connection),
  routes: twilioRoutes,
};

/** What each field is, for the form that asks for them (the contract's `fields` has no room for it yet). */
export const twilioFieldHints: Readonly<Record<string, string>> = {
  account_sid: "The Account SID from Twilio's console (AC…).",
  auth_token: 'The Auth Token. Needed even with an API key: Twilio signs every call webhook with it, and unsigned webhooks are refused.',
  api_key_sid: 'Optional: an API key SID (SK…) for the REST requests instead of the auth token.',
  api_key_secret: "Optional: that API key's secret.",
};
