/**
 * `npm run mock` / `petstore-mock`: the stateful Pet Store mock as a standalone HTTP server.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import {
  DEFAULT_API_KEY,
  DEFAULT_JOURNAL_SIZE,
  DEFAULT_MAX_PETS,
  DEFAULT_MAX_SESSIONS,
  DEFAULT_PORT,
  DEFAULT_SEED_COUNT,
  DEFAULT_SESSION_TTL_MS,
} from '../mocks/core/defaults.ts';
import type { Delay } from '../mocks/core/traffic.ts';
import type { AllowedHosts } from '../mocks/core/trusted-origins.ts';
import { parseAllowedHosts } from '../mocks/node/host-check.ts';
import {
  choiceFlag,
  integerFlag,
  orEnv,
  pathFlag,
  runCommand,
  splitList,
  UsageError,
} from './cli.ts';
import { loadProfile } from './profile-file.ts';
import { PROXY_FLAGS, PROXY_HELP, proxyOf } from './proxy-flags.ts';
import { createRequestLog, LOG_FORMATS } from './request-log.ts';
import { onStopCause } from './stop-signals.ts';

const HELP = `Usage: petstore-mock [options]        (installed: npx petstore-mock)
       npm run mock -- [options]     (in a checkout of this repository)

Serves the stateful Pet Store mock at http://HOST:PORT/v1 until SIGINT or SIGTERM.

Options:
  --port N            port to listen on (default ${DEFAULT_PORT}; 0 picks a free one)
  --host HOST         address to bind (default 127.0.0.1)
  --allowed-hosts H,H also answer these Host names (a tunnel's, a LAN name; .example.com
                      for a domain and its subdomains; all for any name). Otherwise only
                      localhost, *.localhost, IP addresses and --host are answered and
                      other names get 403, so a DNS-rebinding page cannot reach the mock
  --api-key KEY       accepted API key; repeat for several (default ${DEFAULT_API_KEY};
                      env PETSTORE_API_KEYS=key1,key2 when no --api-key is given)
  --seed-count N      deterministic seed animals, ids 1..N (default ${DEFAULT_SEED_COUNT}; 0 starts empty)
  --delay MS|MIN-MAX  latency added to every /v1 response, fixed or a random range
  --rate-limit N      answer 429 rate_limited beyond N requests per second (default off)
  --data FILE         persist the data set to FILE (every write on disk before its
                      response) and reload it at start; new sessions and a reset start
                      from the animals it held at start; a corrupt file stops start-up;
                      relative to the folder the command was typed in
  --max-pets N        refuse creates beyond N stored animals with 503 (default ${DEFAULT_MAX_PETS})
  --max-sessions N    live sessions beside the default one (default ${DEFAULT_MAX_SESSIONS});
                      a request opening one more gets 503 session_limit
  --session-ttl S     seconds a session may stay unused before it ends (default ${DEFAULT_SESSION_TTL_MS / 1000})
  --profile FILE      answer by a backend's declared gap choices (JSON or YAML, the file
                      petstore-contract --profile reads); a field left out keeps this
                      project's decision (profiles.md, below)
  --log text|json     the request log on stdout, one line a request: method, path and
                      query, status, ms, session and the message of a 4xx or 5xx; text
                      (default) for a terminal, json for machines (JSON lines)
  --quiet             no request log (the start-up lines stay)
  --journal N         requests each session's journal keeps for GET /__mock/requests
                      (default ${DEFAULT_JOURNAL_SIZE}; 0 keeps none)
${PROXY_HELP}  -h, --help          show this help

Controls (outside /v1, no key needed):
  POST /__mock/reset  back to the seed data (same animals, same ids)
  GET  /__mock/state  counts, next id and every animal
  PUT  /__mock/data   replace the data set: a JSON array of Pet, or {"pets": [...]}
  POST /__mock/faults queue a fault: {"operation":"listPets","status":503,"times":2},
                      {"match":{"query":{"status":"sold"}},"after":1,"status":500},
                      {"network":"reset"}, {"delayMs":2000}, {"answer":"cut-short"};
                      times "always" lasts until DELETE clears it; GET lists them
  PUT  /__mock/profile  give the session a profile (JSON, or YAML with a YAML
                      Content-Type); GET shows the session's, DELETE puts it back on the server's
  GET  /__mock/requests the session's request journal (filters: operation, status,
                      since, after); DELETE clears it
  GET  /__mock/pact   the journal as a Pact file (?consumer=NAME, and provider,
                      specification 3 or 4, sessionPrefix); POST /__mock/pact/states sets
                      up its provider states (Pact's providerStatesSetupUrl)
  GET  /__mock/departures the session's departures from the interface in proxy mode
                      (filters as /__mock/requests)
  GET  /__mock/sessions             the live sessions; DELETE /__mock/sessions/ID ends one
  A reset also clears the session's faults, profile and journal.
  POST and PUT need Content-Type: application/json (or YAML, or an X-Requested-With
  header), unless they carry no body and no Origin or Sec-Fetch-Site header (test
  runners, curl); web pages may use them only from localhost, *.localhost, 127.0.0.1, [::1] (any
  port), the mock's own pages or --allowed-hosts.
Sessions: send X-Mock-Session: ID (1-64 of A-Z a-z 0-9 . _ ~ -) on any request, the controls
  included, to use a session of your own, started from the seed data; without it, the
  default session (the only one --data persists). Parallel tests each take their own.
This is a development tool: no TLS, keys kept in memory, controls without a key.

Guides, in node_modules/petstore-mock/docs/ where the package is installed (docs/ in a
checkout), and at https://github.com/petstore-tools/petstore/tree/main/docs:
  testing.md       sessions, the request journal, faults; Playwright and vitest recipes
  package.md       the package's entries, setup files, the browser worker, this command
  proxy.md         from the mock to the real backend: --proxy, its log lines, departures
  profiles.md      a backend's gap choices (--profile, PUT /__mock/profile)
  consumer-contracts.md  your app's requests as a Pact file a backend verifies
  security.md      what the mock protects (the Host check, the controls) and what it does not
  typed-client.md  typed clients generated from the spec
`;

const IDLE_SESSIONS_WORTH_A_COLLECTION = 20;

/** How a recording session starts: from the backend's animals alone, or beside a seed asked for. */
const recordStart = (seedCount: number | undefined) =>
  seedCount === undefined || seedCount === 0
    ? "each session starts from the backend's animals alone, none of the mock's seed"
    : `each session starts with ${seedCount} seed animals of the mock's (--seed-count), the backend's kept beside them (the backend's animal where both hold an id)`;

/** Runs a full garbage collection (V8's gc, exposed for this one call). */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

function delayOf(text: string | undefined): Delay | undefined {
  if (text === undefined) return undefined;
  const match = /^([0-9]+)(?:-([0-9]+))?$/.exec(text);
  if (!match)
    throw new UsageError(`--delay must be milliseconds (200) or a range (100-500), got "${text}"`);
  const low = Number(match[1]);
  const high = match[2] === undefined ? undefined : Number(match[2]);
  if (high !== undefined && high < low)
    throw new UsageError(`--delay range must be MIN-MAX with MIN ≤ MAX, got "${text}"`);
  return high === undefined ? low : [low, high];
}

const optional = (flag: string, text: string | undefined, min: number) =>
  text === undefined ? undefined : integerFlag(flag, text, min);

function allowedHostsOf(lists: string[] | undefined): AllowedHosts | undefined {
  if (lists === undefined) return undefined;
  try {
    return parseAllowedHosts(lists.join(','));
  } catch (error) {
    throw new UsageError(
      `--allowed-hosts: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

const flags = {
  port: { type: 'string' },
  host: { type: 'string' },
  'allowed-hosts': { type: 'string', multiple: true },
  'api-key': { type: 'string', multiple: true },
  'seed-count': { type: 'string' },
  delay: { type: 'string' },
  'rate-limit': { type: 'string' },
  data: { type: 'string' },
  'max-pets': { type: 'string' },
  'max-sessions': { type: 'string' },
  'session-ttl': { type: 'string' },
  profile: { type: 'string' },
  log: { type: 'string' },
  quiet: { type: 'boolean' },
  journal: { type: 'string' },
  ...PROXY_FLAGS,
} as const;

runCommand({ name: 'petstore-mock', help: HELP, flags }, async (values) => {
  const fromEnv = splitList(orEnv(undefined, 'PETSTORE_API_KEYS'));
  const apiKeys = values['api-key'] ?? (fromEnv.length > 0 ? fromEnv : undefined);
  if (apiKeys?.some((key) => key === '' || /\s/.test(key)))
    throw new UsageError('--api-key values must be non-empty without spaces');
  const settings = {
    host: values.host,
    allowedHosts: allowedHostsOf(values['allowed-hosts']),
    port: optional('port', values.port, 0) ?? DEFAULT_PORT,
    apiKeys,
    seedCount: optional('seed-count', values['seed-count'], 0),
    delay: delayOf(values.delay),
    rateLimit: optional('rate-limit', values['rate-limit'], 1),
    dataFile: values.data === undefined ? undefined : pathFlag(values.data, 'mock'),
    maxPets: optional('max-pets', values['max-pets'], 1),
    maxSessions: optional('max-sessions', values['max-sessions'], 0),
    sessionTtlMs: optional('session-ttl', values['session-ttl'], 1),
    profile: values.profile === undefined ? undefined : loadProfile(values.profile, 'mock'),
    journalSize: optional('journal', values.journal, 0),
    proxy: proxyOf(values),
  };
  if (values.quiet && values.log !== undefined)
    throw new UsageError('--quiet and --log exclude each other: --quiet prints no request log');
  const format = choiceFlag('log', values.log ?? 'text', LOG_FORMATS);
  const requestLog = values.quiet
    ? undefined
    : createRequestLog(format, (text) => process.stdout.write(text));
  process.on('exit', () => requestLog?.flush());
  if (settings.sessionTtlMs !== undefined) settings.sessionTtlMs *= 1000;

  let close: (() => Promise<void>) | undefined;
  let stopping = false;
  // npm forwards the signal a terminal already sent the whole group, so it can come twice:
  // once stopping, more signals wait for the stop (at most its grace) instead of cutting it.
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    requestLog?.flush();
    console.log(`\n${signal}: stopping the mock`);
    void (close?.() ?? Promise.resolve()).then(() => process.exit(0));
  };
  onStopCause(stop);

  // The server holds one large, long-lived data set and makes short-lived garbage per request.
  // V8's default lets the old generation grow to 2-4 times the live data between full
  // collections; at 100,000 pets that left 230-310 MiB resident after a load test instead of
  // about 175 MiB, for no measurable change in CPU per request (npm run bench; docs/performance.md).
  setFlagsFromString('--heap-growing-percent=50');

  // Loaded only now, so --help and flag errors answer without loading msw.
  const { startMockServer } = await import('../mocks/node/server.ts');
  const { describeProfile } = await import('../mocks/core/profile.ts');
  const server = await startMockServer({
    ...settings,
    // An idle process runs no garbage collection, so ended sessions would keep their memory
    // until traffic comes back: a shared mock gives it back when many end at once.
    onIdleSessionsEnded: (count) => {
      if (count >= IDLE_SESSIONS_WORTH_A_COLLECTION) collectGarbage();
    },
    onError: (error, request) =>
      console.error(`petstore-mock: 500 for ${request.method} ${request.url}:`, error),
    onRequest: requestLog?.log,
  }).catch((error: unknown) => {
    // A port in use or a damaged data file: the message says what to do, no stack trace.
    throw new UsageError(error instanceof Error ? error.message : String(error));
  });
  console.log(`Pet Store mock listening on ${server.baseUrl}`);
  console.log(`API key: ${server.apiKeys.join(', ')}  (send Authorization: Bearer <key>)`);
  console.log(
    `Controls: ${server.origin}/__mock/reset | /__mock/state | /__mock/data | /__mock/faults | /__mock/profile | /__mock/requests | /__mock/departures | /__mock/pact | /__mock/sessions`,
  );
  if (settings.proxy)
    console.log(
      `Proxy: every /v1 request goes to ${settings.proxy.url}${settings.proxy.key ? ' with the backend key (not shown) in place of a key the mock accepts' : ''}${settings.proxy.fallback ? '; the mock answers what it does not serve yet' : ''}${settings.proxy.record ? `; its animals are recorded (${recordStart(settings.seedCount)})` : ''}`,
    );
  console.log(
    `Profile: ${values.profile === undefined ? '' : `${values.profile}: `}${describeProfile(settings.profile ?? {})}`,
  );
  console.log('Sessions: send X-Mock-Session: ID to get a session of your own (one per test)');
  if (settings.dataFile) console.log(`Data file: ${settings.dataFile}`);
  if (settings.allowedHosts === 'all')
    console.log(
      'Allowed hosts: all. The Host check is off: any web page can reach this mock through DNS rebinding (docs/security.md).',
    );
  else if (settings.allowedHosts)
    console.log(`Allowed hosts: ${[settings.allowedHosts].flat().join(', ')}`);
  close = server.close;
  return undefined;
});
