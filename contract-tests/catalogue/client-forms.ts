/**
 * Requests as common HTTP clients write them, creation bodies as clients garble them, and
 * valid creations under another label than JSON. The first must be served like the suite's
 * own requests (header names in any case, the `Accept` each client sends or none, a body
 * framed by Content-Length or sent in chunks); the second must be refused with a client error
 * and store nothing; the third may be read or refused, a gap of the interface (its body is
 * `application/json`, but what a server does with one labelled otherwise is not shown).
 */
import { stringifyJson } from '../../spec/json.ts';

/**
 * One client's habits: the headers it adds (the key's header named as it names it), the
 * defaults of the suite's transport it does not send, and whether it streams a body in chunks.
 */
export type ClientForm = {
  label: string;
  /** Its headers, given the Authorization value; `type` is its Content-Type for a body. */
  headers: (authorization: string, type: boolean) => Record<string, string>;
  without?: readonly string[];
  /** Sends a body with Transfer-Encoding: chunked (a stream of unknown length). */
  chunked?: boolean;
};

const json =
  (name: string, value = 'application/json') =>
  (type: boolean) =>
    type ? { [name]: value } : {};

/** The clients, each as it sends a request by default (versions as of 2024). */
export const CLIENT_FORMS: readonly ClientForm[] = [
  {
    label: "a browser's fetch (lower-case names, Accept: */*)",
    headers: (auth, type) => ({
      accept: '*/*',
      authorization: auth,
      ...json('content-type')(type),
    }),
  },
  {
    label: 'axios (Accept: application/json, text/plain, */*)',
    headers: (auth, type) => ({
      Accept: 'application/json, text/plain, */*',
      Authorization: auth,
      ...json('Content-Type')(type),
    }),
  },
  {
    label: 'curl (Accept: */*)',
    headers: (auth, type) => ({
      'User-Agent': 'curl/8.5.0',
      Accept: '*/*',
      Authorization: auth,
      ...json('Content-Type')(type),
    }),
  },
  {
    label: 'curl streaming the body (Transfer-Encoding: chunked)',
    headers: (auth, type) => ({
      'User-Agent': 'curl/8.5.0',
      Accept: '*/*',
      Authorization: auth,
      ...json('Content-Type')(type),
      ...(type ? { 'Transfer-Encoding': 'chunked' } : {}),
    }),
    chunked: true,
  },
  {
    label: 'Python requests (Accept: */*, Connection: keep-alive)',
    headers: (auth, type) => ({
      'User-Agent': 'python-requests/2.31.0',
      'Accept-Encoding': 'gzip, deflate',
      Accept: '*/*',
      Connection: 'keep-alive',
      Authorization: auth,
      ...json('Content-Type')(type),
    }),
  },
  {
    label: "Java's HttpClient (no Accept, charset=UTF-8, a chunked stream)",
    headers: (auth, type) => ({
      'User-Agent': 'Java-http-client/21.0.2',
      Authorization: auth,
      ...json('Content-Type', 'application/json; charset=UTF-8')(type),
      ...(type ? { 'Transfer-Encoding': 'chunked' } : {}),
    }),
    without: ['accept'],
    chunked: true,
  },
  {
    label: "Go's net/http (no Accept, Accept-Encoding: gzip)",
    headers: (auth, type) => ({
      'User-Agent': 'Go-http-client/1.1',
      Authorization: auth,
      ...json('Content-Type')(type),
      'Accept-Encoding': 'gzip',
    }),
    without: ['accept'],
  },
  {
    label: "Go's net/http sending an io.Reader (no Accept, chunked)",
    headers: (auth, type) => ({
      'User-Agent': 'Go-http-client/1.1',
      ...(type ? { 'Transfer-Encoding': 'chunked' } : {}),
      Authorization: auth,
      ...json('Content-Type')(type),
      'Accept-Encoding': 'gzip',
    }),
    without: ['accept'],
    chunked: true,
  },
  {
    label: 'Accept: application/json',
    headers: (auth, type) => ({
      Accept: 'application/json',
      Authorization: auth,
      ...json('Content-Type')(type),
    }),
  },
  {
    label: 'header names in upper case (AUTHORIZATION, CONTENT-TYPE, ACCEPT)',
    headers: (auth, type) => ({
      ACCEPT: 'application/json',
      AUTHORIZATION: auth,
      ...json('CONTENT-TYPE', 'application/json;charset=utf-8')(type),
    }),
  },
  {
    label: 'header names in mixed case (aUtHoRiZaTiOn, Content-type)',
    headers: (auth, type) => ({ aUtHoRiZaTiOn: auth, ...json('Content-type')(type) }),
  },
];

/** A garbled creation: its body (text or bytes), its media type, and why it must be refused. */
export type GarbledBody = {
  label: string;
  /** Content-Type sent (none when undefined). */
  type?: string;
  /** The body: text, bytes, or nothing at all (undefined). */
  write: (name: string, categoryId: number | bigint) => string | Uint8Array | undefined;
  /** Whether the body's media type is not JSON: 415 refuses it as well as 400. */
  notJson?: boolean;
  /** Whether the name the server would store holds the tag (so a stored one can be found). */
  tagged: boolean;
  /**
   * Whether its only fault is bytes that are not UTF-8. They are not JSON text (RFC 8259, 8.1),
   * but a JSON parser may accept non-JSON forms (9), and the interface does not say what a
   * server does with them: Node's, Express's and Fastify's readers decode them as U+FFFD. So
   * only `--level strict` refuses them (a name stored exactly as sent: no reading stores these).
   */
  notUtf8?: boolean;
};

const ENCODER = new TextEncoder();

/** The JSON text of a creation whose name ends in `bytes` (which need not be UTF-8). */
const withNameBytes = (name: string, categoryId: number | bigint, bytes: readonly number[]) => {
  const [head, tail] = stringifyJson({ name: `${name}\u0000`, categoryId }).split('\\u0000');
  return new Uint8Array([...ENCODER.encode(head), ...bytes, ...ENCODER.encode(tail as string)]);
};

/**
 * Creation bodies clients get wrong, which no reading makes a valid creation. Member names in
 * another case are not `name` and `categoryId` (JSON names are case-sensitive; Go's
 * encoding/json matches them regardless); bytes that are not UTF-8 are not JSON text
 * (RFC 8259, 8.1), refused at strict level only (`notUtf8`); a missing or empty body holds no
 * payload.
 */
export const GARBLED_BODIES: readonly GarbledBody[] = [
  {
    label: 'member NAME (upper case) for name',
    type: 'application/json',
    write: (name, categoryId) => `{"NAME":${JSON.stringify(name)},"categoryId":${categoryId}}`,
    tagged: true,
  },
  {
    label: 'member Name (capitalised) for name',
    type: 'application/json',
    write: (name, categoryId) => `{"Name":${JSON.stringify(name)},"categoryId":${categoryId}}`,
    tagged: true,
  },
  {
    label: 'member categoryid (lower case) for categoryId',
    type: 'application/json',
    write: (name, categoryId) => `{"name":${JSON.stringify(name)},"categoryid":${categoryId}}`,
    tagged: true,
  },
  {
    label: 'member CategoryID for categoryId',
    type: 'application/json',
    write: (name, categoryId) => `{"name":${JSON.stringify(name)},"CategoryID":${categoryId}}`,
    tagged: true,
  },
  {
    label: 'bytes FF FE in the name (not UTF-8)',
    type: 'application/json',
    write: (name, categoryId) => withNameBytes(name, categoryId, [0xff, 0xfe]),
    tagged: true,
    notUtf8: true,
  },
  {
    label: 'café written in Latin-1 (byte E9, not UTF-8)',
    type: 'application/json; charset=utf-8',
    write: (name, categoryId) => withNameBytes(name, categoryId, [0x63, 0x61, 0x66, 0xe9]),
    tagged: true,
    notUtf8: true,
  },
  {
    label: 'no body and no Content-Type',
    write: () => undefined,
    notJson: true,
    tagged: false,
  },
  {
    label: 'an empty body labelled application/json',
    type: 'application/json',
    write: () => '',
    tagged: false,
  },
];

/** A valid creation under another label: its media type (none when undefined) and its body. */
export type LabelledBody = {
  label: string;
  type?: string;
  write: (name: string, categoryId: number | bigint) => string | Uint8Array;
};

/**
 * Valid creations labelled other than JSON, as clients send them: a fetch given a string
 * (text/plain;charset=UTF-8), curl -d without -H (a form label on JSON text is curl's, but
 * its fields are a real form's here), a client that sets no Content-Type. A server may read
 * each (Go's net/http reads the body whatever its label; Django REST Framework reads forms)
 * or refuse it with a 4xx `Error`.
 */
export const LABELLED_BODIES: readonly LabelledBody[] = [
  {
    label: 'JSON labelled text/plain',
    type: 'text/plain',
    write: (name, categoryId) => stringifyJson({ name, categoryId }),
  },
  {
    label: 'JSON labelled text/plain;charset=UTF-8 (a fetch given a string)',
    type: 'text/plain;charset=UTF-8',
    write: (name, categoryId) => stringifyJson({ name, categoryId }),
  },
  {
    label: 'JSON with no Content-Type',
    write: (name, categoryId) => ENCODER.encode(stringifyJson({ name, categoryId })),
  },
  {
    label: 'a form body (application/x-www-form-urlencoded)',
    type: 'application/x-www-form-urlencoded',
    write: (name, categoryId) =>
      new URLSearchParams({ name, categoryId: String(categoryId) }).toString(),
  },
];
