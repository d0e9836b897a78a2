import type { CarrierModule } from './carrier.js';
import { twilioCarrier } from './twilio/index.js';
import { zadarmaCarrier } from './zadarma/index.js';

/**
 * The carriers this server can connect, one module each (carriers/<kind>/index.ts exports it):
 * adding a carrier is one import and one entry here. The app, the REST functions and the routes
 * read this list; createServer({ carriers: { modules } }) replaces it (tests: a stand-in carrier).
 */
export const CARRIER_MODULES: readonly CarrierModule[] = [twilioCarrier, zadarmaCarrier];
