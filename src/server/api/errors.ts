import { ApiError, argumentName } from '../http/errors.js';

/**
 * The REST API's errors (docs/spec/rest-api.md, section 7). The document gives three codes
 * (211400, 100501, 100502) and the vendor's clients show 102401 (unauthorized) and 111406 (not
 * acceptable); the rest are this server's, stable and listed in docs/rest-api.md. Every message reads
 * `<code>: <text>`, with the space the server's other envelopes have (docs/rest-api.md, "Conventions").
 */
export const apiErrors = {
  /** Missing, unknown, expired or ended session key: clients log in again on this code. */
  unauthorized: () => new ApiError(401, 102401, 'Unauthorized'),
  wrongLogin: () => new ApiError(401, 102402, 'Wrong login or password'),
  /** An agent function called by a customer, another customer's `customer_id`, or an agent without one where (A). */
  accessDenied: (why: string) => new ApiError(403, 102403, `Access denied: ${why}`),
  /** A customer that is not active yet (waiting) cannot log in. */
  customerInactive: () => new ApiError(403, 102405, 'Customer is not active'),
  tooManyLogins: () => new ApiError(429, 102429, 'Too many login attempts; try again later'),
  /** Too many password checks waiting (one runs at a time for the console and the API together). */
  loginBusy: () => new ApiError(503, 102503, 'Login is busy; try again in 1 s'),
  /** A GET without `Accept: application/json` or `application/xml` (the document's HTTP 502). */
  notAcceptable: () => new ApiError(502, 111406, 'Not acceptable: send Accept application/json or application/xml'),
  unknownFunction: (name: string) => new ApiError(404, 100404, `Unknown function ${name}`),
  wrongMethod: (name: string, allowed: string) => new ApiError(405, 100405, `Function ${name} takes ${allowed}`),
  // The argument errors name the argument in the envelope's `field` too (docs/rest-api.md, "Conventions").
  missing: (name: string) => new ApiError(400, 100400, `Missing required parameter ${name}`, argumentName(name)),
  /** `args` (the arguments as a whole, two that do not go together) names no one field. */
  invalid: (name: string, why: string) =>
    new ApiError(400, 100422, `Invalid parameter ${name}: ${why}`, name === 'args' ? undefined : argumentName(name)),
  unknownParameter: (name: string) => new ApiError(400, 100423, `Unknown parameter ${name}`, argumentName(name)),
  limitTooLarge: (max: number) => new ApiError(400, 100413, `Invalid parameter limit: at most ${max}`, 'limit'),
  malformed: () => new ApiError(400, 100401, 'Malformed request body'),
  /** An object id that names nothing of the acting customer (another customer's reads the same). */
  notFound: (what: string, id: number | string) => new ApiError(404, 100410, `Not found: ${what} ${id}`),
  invalidCustomerForSite: (siteId: number) => new ApiError(403, 211400, `Invalid customer for site ${siteId}`),
  /** The document's answer to create_ac on a site that is not the user's. */
  databaseError: () => new ApiError(403, 100501, 'Database error'),
  /** The document's envelope exactly (docs/spec/rest-api.md, section 7): the app says it in its own words by the code. */
  duplicateAcName: () => new ApiError(409, 100502, 'Duplicate ac name'),
  duplicate: (what: string) => new ApiError(409, 100503, `Duplicate ${what}`),
  /** A block or DT pool given a number the customer does not hold (bought, or given by the operator). */
  notOwnNumber: (number: string) => new ApiError(403, 100403, `Not a number of the customer: ${number} (buy_number, or ask the operator)`),
  /** A state transition the object is not in the state for (activating an active customer). */
  wrongState: (why: string) => new ApiError(409, 100409, why),
};
