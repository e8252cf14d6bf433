/**
 * The sentences each check enforces, quoted verbatim from the interface document
 * (../shared/pet-store-interface.md) or, at strict level, from ../shared/DECISIONS.md.
 * statements.test.ts fails when a quote no longer appears in its source.
 */

/** Where a statement comes from. */
export type Source = 'interface' | 'decisions';

/** A quoted sentence and the section that holds it. */
export type Statement = { source: Source; section: string; quote: string };

const i = (section: string, quote: string): Statement => ({ source: 'interface', section, quote });
const d = (section: string, quote: string): Statement => ({ source: 'decisions', section, quote });

/** Every statement a check can cite, by name. */
export const statements = {
  json: i('What the service does', 'All requests and responses use JSON.'),
  authEveryOperation: i(
    'Endpoints',
    'Every operation requires authentication (see Authentication).',
  ),
  authScheme: i(
    'Authentication',
    'The client sends the header `Authorization: Bearer <API_KEY>` on every request.',
  ),
  auth401: i('Authentication', 'A missing or invalid key yields status 401 with an Error object.'),
  errorShape: i(
    'Errors',
    'All error responses carry the Error object (`code`, `message`, `status`, all required) as JSON.',
  ),
  errorStatus: i('Error object', 'The HTTP status code of the response.'),
  serverFaults: i(
    'Errors',
    'The set of `code` values, and error statuses other than those above (for example for server faults or excess traffic): not shown.',
  ),
  listResponses: i('List animals', '| 200 | JSON array of Animal objects |'),
  createResponses: i('Add an animal', '| 201 | Animal object including the assigned `id` |'),
  getResponses: i(
    'Get an animal (deprecated)',
    '| 404 | Error object (the animal could not be found) |',
  ),
  created: i('Animal', 'The response form of an animal is the creation form plus an identifier.'),
  idAssigned: i('Animal', 'Assigned by the service on creation.'),
  createInvalid: i(
    'Add an animal',
    '| 400 | Error object (body missing required fields or containing invalid values) |',
  ),
  newPetFields: i(
    'Animal creation payload',
    'Fields `name`, `categoryId`, `status` exactly as in the table above; `name` and `categoryId` are required, `status` is optional.',
  ),
  getFound: i('What the service does', 'fetch one animal by its identifier'),
  getAbsent: i('Errors', '| 404 | Requested animal does not exist | `getPet` |'),
  listLimit: i(
    'List animals',
    '| limit | integer | no | minimum 1, maximum 100, default 20; maximum number of animals returned |',
  ),
  listStatus: i(
    'List animals',
    '| status | string | no | one of `available`, `pending`, `sold`; filters by availability status |',
  ),
  pageSizeMax: i('Limits', '| Page size maximum | `GET /pets`, `limit` | 100 |'),
  // Decisions (strict level).
  wwwAuthenticate: d(
    'Addresses and keys',
    'A 401 carries `WWW-Authenticate: Bearer realm="petstore"` (RFC 6750), adding `error="invalid_token"` when a key was sent but is wrong.',
  ),
  schemeCase: d(
    'Addresses and keys',
    'The scheme name `Bearer` is matched case-insensitively (RFC 9110)',
  ),
  errorCodes: d('Errors', 'Codes are lower snake case:'),
  notFoundRoute: d('Errors', '| 404 | `not_found` | no such pet, or no such route under `/v1` |'),
  methodNotAllowed: d(
    'Errors',
    '| 405 | `method_not_allowed` | known path, other method; `Allow` header lists the methods |',
  ),
  payloadTooLarge: d('Errors', '| 413 | `payload_too_large` | body over 64 KiB |'),
  unsupportedMediaType: d(
    'Errors',
    '| 415 | `unsupported_media_type` | `POST /pets` whose `Content-Type` is not JSON |',
  ),
  defaultStatus: d('Animals', '`status` defaults to `available` when omitted on creation.'),
  nameRule: d(
    'Animals',
    '`name`: a string with at least one non-whitespace character, at most 255 characters; stored exactly as sent (no trimming or case change).',
  ),
  categoryRule: d('Animals', '`categoryId`: a JSON integer from 1 to 2^63−1.'),
  strictPayload: d(
    'Animals',
    '`id` and any other property are rejected with `validation_failed` naming the property',
  ),
  idsIncreasing: d(
    'Animals',
    'Ids are positive integers assigned in increasing order, never reused.',
  ),
  limitRejected: d(
    'Listing',
    '`limit` must be an integer 1–100 (`0`, `101`, `-1`, `1.5`, `abc`, empty): otherwise 400 `validation_failed`.',
  ),
  statusRejected: d('Listing', '`status` must be one of the three values: otherwise 400.'),
  order: d('Listing', 'Order: ascending `id` (creation order).'),
  linkNext: d(
    'Listing',
    'when more results follow, the response carries `Link: <ABSOLUTE-URL>; rel="next"` (RFC 8288), whose URL repeats `limit` and `status` and adds an opaque `cursor`. No `Link` on the last page. An unusable `cursor` is 400.',
  ),
  unknownQuery: d('Listing', 'Unknown query parameters are ignored.'),
  petIdRule: d(
    'Fetching one animal (deprecated)',
    '`petId` must be a positive integer within int64; otherwise 400 `validation_failed`.',
  ),
  deprecationHeaders: d(
    'Fetching one animal (deprecated)',
    'Every response of this operation past authentication (200, 400, 404) carries `Deprecation`',
  ),
  authFirst: d(
    'Addresses and keys',
    'Authentication is checked first on every `/v1` request (before validation, before lookup, before routing to a 404), so an unauthenticated client learns nothing.',
  ),
  cors: d(
    'Browsers',
    "CORS on every response: `Access-Control-Allow-Origin` echoes the request's `Origin`; preflight `OPTIONS` answers 204 without authentication, allowing `GET, POST` and the headers `Authorization, Content-Type, Prefer`; `Access-Control-Expose-Headers` lists `Link, Deprecation, Sunset, WWW-Authenticate, Retry-After`.",
  ),
  notImplemented: d(
    'Not implemented, on purpose',
    'They answer like any unknown route (404 under `/v1`).',
  ),
  specResponses: d(
    'Errors',
    'Every error body is the `Error` object: `code`, `message`, `status` (equal to the HTTP status).',
  ),
} satisfies Record<string, Statement>;

/** The name of a statement. */
export type StatementId = keyof typeof statements;
