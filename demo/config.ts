/**
 * Which backend the demo talks to, read from the query string:
 * `?mode=worker` (the default) or `?mode=http&api=http://127.0.0.1:4010/v1`.
 */

/** The demo's backend: msw's service worker in this page, or a standalone mock. */
export type DemoConfig = { mode: 'worker'; baseUrl: string } | { mode: 'http'; baseUrl: string };

/** The standalone mock's default base URL (its default port, 4010, is Prism's). */
export const DEFAULT_HTTP_API = 'http://127.0.0.1:4010/v1';

/** Reads the mode and base URL from a page URL; throws on an unknown mode. */
export function readConfig(pageUrl: URL): DemoConfig {
  const mode = pageUrl.searchParams.get('mode') ?? 'worker';
  if (mode === 'worker') return { mode, baseUrl: `${pageUrl.origin}/v1` };
  if (mode === 'http') {
    const api = pageUrl.searchParams.get('api') ?? DEFAULT_HTTP_API;
    return { mode, baseUrl: new URL(api).href.replace(/\/+$/, '') };
  }
  throw new Error(`unknown mode "${mode}": use ?mode=worker or ?mode=http&api=<base URL>`);
}
