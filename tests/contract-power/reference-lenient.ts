/**
 * How a lenient reference server reads a request (leniencies.ts) before its own rules see
 * it: the path it routes on, the query, the Authorization header and the creation body,
 * each bent by at most one leniency.
 */
import { stringifyJson } from '../../spec/json.ts';
import type { Leniency } from './leniencies.ts';
import { QUERY_LENIENCIES } from './leniency-reading.ts';

/** A segment decoded, or as it was when it is no valid percent-encoding. */
const decoded = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/**
 * The path the server routes on. Only the segments before the petId are decoded or folded:
 * the petId itself is decoded once, later, as every server does.
 */
export function routedPath(pathname: string, leniency: Leniency | undefined): string {
  if (leniency === 'trailing-slash-tolerated') return pathname.replace(/(?<=.)\/+$/, '');
  if (leniency === 'double-slashes-merged') return pathname.replace(/\/{2,}/g, '/');
  const [empty, ...rest] = pathname.split('/');
  const head = rest.slice(0, 2);
  if (leniency === 'path-percent-decoded')
    return [empty, ...head.map(decoded), ...rest.slice(2)].join('/');
  if (leniency === 'paths-any-case')
    return [empty, ...head.map((s) => s.toLowerCase()), ...rest.slice(2)].join('/');
  return pathname;
}

const NAMES = ['limit', 'status'];
const STATUSES = ['available', 'pending', 'sold'];

/** Rewrites the query into what the server's own rules then read (in place). */
export function readQuery(url: URL, leniency: Leniency | undefined): void {
  if (leniency === undefined || !(leniency in QUERY_LENIENCIES)) return;
  let entries = [...url.searchParams];
  if (leniency === 'repeated-query-last-wins')
    entries = Object.entries(Object.fromEntries(entries));
  if (leniency === 'empty-parameters-as-absent') entries = entries.filter(([, v]) => v !== '');
  if (leniency === 'query-names-any-case')
    entries = entries.map(([k, v]) => [NAMES.find((n) => n === k.toLowerCase()) ?? k, v]);
  if (leniency === 'limit-read-by-parseInt')
    entries = entries.flatMap(([k, v]): [string, string][] => {
      if (k !== 'limit') return [[k, v]];
      const n = Number.parseInt(v, 10);
      return Number.isNaN(n) ? [] : [[k, String(n)]];
    });
  if (leniency === 'status-filter-any-case')
    entries = entries.map(([k, v]) => [
      k,
      k === 'status' ? (STATUSES.find((s) => s === v.toLowerCase()) ?? v) : v,
    ]);
  url.search = new URLSearchParams(entries).toString();
}

/** The Authorization header as the server's exact `Bearer <key>` comparison then sees it. */
export function readAuthorization(header: string, leniency: Leniency | undefined): string {
  if (leniency === 'bearer-scheme-any-case') return header.replace(/^bearer /i, 'Bearer ');
  if (leniency === 'bearer-several-spaces') return header.replace(/^Bearer {2,}/, 'Bearer ');
  if (leniency === 'bearer-tab-after-scheme') return header.replace(/^Bearer\t/, 'Bearer ');
  return header;
}

/** A form's fields as a creation body: whole numbers become integers, as DRF's IntegerField reads them. */
function formAsJson(text: string): string {
  const fields = Object.fromEntries(
    [...new URLSearchParams(text)].map(([k, v]) => [
      k,
      k === 'categoryId' && /^-?\d+$/.test(v) ? BigInt(v) : v,
    ]),
  );
  return stringifyJson(fields);
}

/** The creation body's text and media type as the server's JSON reading then sees them. */
export function readBody(
  text: string | null,
  type: string | undefined,
  leniency: Leniency | undefined,
): { text: string | null; type: string | undefined } {
  if (leniency === 'body-label-ignored') return { text, type: 'application/json' };
  if (leniency === 'no-content-type-read-as-json' && type === undefined)
    return { text, type: 'application/json' };
  if (leniency === 'form-bodies-read' && /^application\/x-www-form-urlencoded/i.test(type ?? ''))
    return { text: formAsJson(text ?? ''), type: 'application/json' };
  return { text, type };
}

/** What a web application firewall in front of the server blocks in a request body, and why. */
export function blockedByFirewall(
  text: string | null,
  leniency: Leniency | undefined,
): string | undefined {
  const body = text ?? '';
  if (leniency === 'waf-blocks-bodies-over-8kb' && Buffer.byteLength(body) > 8192)
    return 'request blocked: the body is over 8 KB (SizeRestrictions_BODY)';
  if (leniency === 'waf-blocks-script-in-bodies' && /<script/i.test(body))
    return 'request blocked: cross-site scripting in the body (CrossSiteScripting_BODY)';
  if (
    leniency === 'waf-blocks-sql-in-bodies' &&
    /'\s*(;|--|or\s)|\bdrop\s+table\b|\bunion\s+select\b/i.test(body)
  )
    return 'request blocked: SQL injection in the body (SQLi_BODY)';
  return undefined;
}
