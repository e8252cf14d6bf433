/**
 * petstore-mock's proxy flags (`--proxy URL` and its companions) read into the server's
 * `proxy` option, with the key from `--proxy-key` or PETSTORE_PROXY_KEY; docs/proxy.md.
 */
import { type BackendOptions, baseUrlProblem } from '../mocks/core/proxy/backend.ts';
import { orEnv, positiveNumberFlag, UsageError } from './cli.ts';

/** The flags this module reads, for the command's flag table. */
export const PROXY_FLAGS = {
  proxy: { type: 'string' },
  'proxy-key': { type: 'string' },
  'proxy-fallback': { type: 'boolean' },
  'proxy-record': { type: 'boolean' },
  'proxy-timeout': { type: 'string' },
} as const;

/** The lines of `--help` that describe them. */
export const PROXY_HELP = `  --proxy URL         forward every /v1 request to the backend at URL (its base, ending in
                      its version segment, e.g. https://api.example.com/v1) and answer as
                      it does; each exchange is judged by the interface's rules and a
                      departure is named on its log line (the guide proxy.md, below)
  --proxy-key KEY     the backend's key, sent in place of a key the mock accepts
                      (--api-key); a request without one, or with another key, goes on
                      as sent, for the backend to judge; env PETSTORE_PROXY_KEY; never shown
  --proxy-fallback    answer from the mock where the backend does not serve an operation
                      yet (no answer, 501, 502-504, 404/405 without an Error body)
  --proxy-record      keep the animals the backend returns, to answer with once it is gone;
                      sessions then start from them alone (no seed unless --seed-count)
  --proxy-timeout S   seconds the backend has for an answer before 504 (default 30)
`;

type ProxyValues = {
  proxy?: string;
  'proxy-key'?: string;
  'proxy-fallback'?: boolean;
  'proxy-record'?: boolean;
  'proxy-timeout'?: string;
};

/** The backend's base URL, checked: http or https, no credentials, query or fragment. */
function baseOf(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`--proxy must be a URL such as http://127.0.0.1:8080/v1, got "${text}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError(`--proxy must be an http or https URL, got "${url.protocol}"`);
  if (url.username !== '' || url.password !== '')
    throw new UsageError('--proxy must not hold credentials: give the key with --proxy-key');
  if (url.search !== '' || url.hash !== '')
    throw new UsageError('--proxy is a base URL: no query or fragment');
  const base = url.href.replace(/\/$/, '');
  const problem = baseUrlProblem(base);
  if (problem !== undefined)
    throw new UsageError(
      `--proxy: ${problem.replace(/; give (\S+)$/, '; run again with --proxy $1')}`,
    );
  return base;
}

/** The server's `proxy` option from the flags, or undefined without `--proxy`. */
export function proxyOf(
  values: ProxyValues,
  env: NodeJS.ProcessEnv = process.env,
): BackendOptions | undefined {
  const key = orEnv(values['proxy-key'], 'PETSTORE_PROXY_KEY', env);
  if (values.proxy === undefined) {
    const stray = Object.keys(PROXY_FLAGS).find(
      (flag) => flag !== 'proxy' && values[flag as keyof ProxyValues] !== undefined,
    );
    if (stray !== undefined) throw new UsageError(`--${stray} needs --proxy URL`);
    return undefined;
  }
  if (key !== undefined && (key === '' || /\s/.test(key)))
    throw new UsageError('--proxy-key must be non-empty without spaces');
  const timeout = values['proxy-timeout'];
  return {
    url: baseOf(values.proxy),
    ...(key === undefined ? {} : { key }),
    fallback: values['proxy-fallback'] === true,
    record: values['proxy-record'] === true,
    ...(timeout === undefined
      ? {}
      : { timeoutMs: Math.round(positiveNumberFlag('proxy-timeout', timeout) * 1000) }),
  };
}
