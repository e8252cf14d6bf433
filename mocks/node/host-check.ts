/**
 * The standalone server's guard against DNS rebinding: a page of another site whose name is
 * made to resolve to this machine reaches the mock with that name in `Host`, so the server
 * answers only loopback names, IP literals, the address it is bound to and the allowed hosts
 * (the rule of Vite's `server.allowedHosts` and webpack-dev-server's `allowedHosts`).
 */
import { isIP } from 'node:net';
import { MockError } from '../core/errors.ts';
import {
  type AllowedHosts,
  isAllowedHostname,
  isLoopbackHostname,
  normalizeHostname,
} from '../core/trusted-origins.ts';

const NAME = /^\.?[a-z0-9_-]+(?:\.[a-z0-9_-]+)*\.?$/i;
const HOST_WITH_PORT = /^([a-z0-9_.-]+)(?::[0-9]{1,5})?$/i;
const IPV6_WITH_PORT = /^\[([0-9a-f:.]+)\](?::[0-9]{1,5})?$/i;

/** Checks allowed host entries (names, `.example.com`, IP literals); throws naming a bad one. */
export function checkAllowedHosts(hosts: AllowedHosts): AllowedHosts {
  if (hosts === 'all') return hosts;
  for (const host of hosts) {
    if (!NAME.test(host) && isIP(normalizeHostname(host)) === 0) {
      throw new Error(
        `allowed hosts must be host names such as tunnel.example or .example.com (no scheme, no port), got "${host}"`,
      );
    }
  }
  return hosts;
}

/** Reads `--allowed-hosts` text: `all`, or host names separated by commas. */
export function parseAllowedHosts(text: string): AllowedHosts {
  const hosts = text
    .split(',')
    .map((host) => host.trim())
    .filter(Boolean);
  if (hosts.includes('all')) {
    if (hosts.length > 1) throw new Error(`allowed hosts "all" stands alone, got "${text}"`);
    return 'all';
  }
  if (hosts.length === 0) throw new Error('allowed hosts need at least one host name, or all');
  return checkAllowedHosts(hosts);
}

/** The host name of a `Host` header value (brackets kept off an IPv6 literal), or undefined. */
export function hostnameOf(host: string): string | undefined {
  const v6 = IPV6_WITH_PORT.exec(host)?.[1];
  if (v6 !== undefined) return isIP(v6) === 6 ? v6 : undefined;
  return HOST_WITH_PORT.exec(host)?.[1];
}

/**
 * Creates the Host check of a server bound to `boundHost`: it throws 403 host_not_allowed
 * for any `Host` value outside loopback names, IP literals, the bound host and `allowed`.
 */
export function createHostCheck(boundHost: string, allowed: AllowedHosts) {
  const bound = normalizeHostname(boundHost);
  const accepts = (name: string) =>
    isIP(name) !== 0 ||
    isLoopbackHostname(name) ||
    normalizeHostname(name) === bound ||
    isAllowedHostname(name, allowed);
  return (rawHeaders: readonly string[]): void => {
    if (allowed === 'all') return;
    for (let i = 0; i < rawHeaders.length; i += 2) {
      if (rawHeaders[i]?.toLowerCase() !== 'host') continue;
      const host = rawHeaders[i + 1] ?? '';
      const name = hostnameOf(host);
      if (name !== undefined && accepts(name)) continue;
      const remedy =
        name === undefined
          ? 'it is not a host name'
          : `to serve this name, start the mock with --allowed-hosts ${normalizeHostname(name)} (allowedHosts)`;
      throw new MockError(
        403,
        'host_not_allowed',
        `Host ${JSON.stringify(host)} is not allowed: the mock answers loopback names, IP addresses and --allowed-hosts only, against DNS rebinding; ${remedy}`,
      );
    }
  };
}
