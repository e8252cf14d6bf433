/**
 * Which names and origins the mock trusts on a developer's machine: loopback names and
 * the hosts the developer allowed. Pure logic, shared by the standalone server's Host check
 * and the `/__mock/` controls.
 */

/**
 * Hosts allowed beside loopback names and IP literals: exact names, `.example.com` for a
 * domain and its subdomains (as Vite's `server.allowedHosts`), or `'all'`.
 */
export type AllowedHosts = readonly string[] | 'all';

/** A host name as it is compared: lower case, without IPv6 brackets or a final dot. */
export function normalizeHostname(name: string): string {
  const lower = name.trim().toLowerCase();
  const bare = lower.startsWith('[') && lower.endsWith(']') ? lower.slice(1, -1) : lower;
  return bare.endsWith('.') ? bare.slice(0, -1) : bare;
}

const IPV4_LOOPBACK = /^127(?:\.[0-9]{1,3}){3}$/;

/** Whether a host name always means this machine: `localhost`, `*.localhost`, 127.x.x.x, ::1. */
export function isLoopbackHostname(name: string): boolean {
  const host = normalizeHostname(name);
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    IPV4_LOOPBACK.test(host) ||
    host === '::1'
  );
}

/** Whether a host name is among the allowed hosts (`'all'` allows every name). */
export function isAllowedHostname(name: string, allowed: AllowedHosts): boolean {
  if (allowed === 'all') return true;
  const host = normalizeHostname(name);
  return allowed.some((entry) => {
    const wanted = normalizeHostname(entry);
    if (!wanted.startsWith('.')) return host === wanted;
    return host === wanted.slice(1) || host.endsWith(wanted);
  });
}

/**
 * How far a request's `Origin` is trusted: `none` when it has none (not sent by a web page),
 * `trusted` for a loopback origin (any port), the mock's own pages or an allowed host, and
 * `foreign` for anything else, `null` included. `'all'` lifts the Host check only: origins
 * stay trusted only when they are loopback, the mock's own or listed by name.
 */
export function originTrust(
  request: Request,
  allowed: AllowedHosts,
): 'none' | 'trusted' | 'foreign' {
  const origin = request.headers.get('origin');
  if (origin === null) return 'none';
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return 'foreign';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'foreign';
  // The mock's own pages: the origin of the URL, or the Host the page was loaded from.
  if (url.origin === new URL(request.url).origin) return 'trusted';
  if (url.host === request.headers.get('host')?.toLowerCase()) return 'trusted';
  if (isLoopbackHostname(url.hostname)) return 'trusted';
  return allowed !== 'all' && isAllowedHostname(url.hostname, allowed) ? 'trusted' : 'foreign';
}
