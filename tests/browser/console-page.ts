/**
 * What the console's browser tests share: the app's requests (from Node, as an app's own
 * fetches), waiting for a line, axe-core's serious and critical findings, a walk through the
 * page with Tab alone, and the screenshots the docs show (docs/console/, written here from
 * the real page so they cannot drift).
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

type Cannon = (
  options: object,
  done: (error: Error | null, result: { '2xx': number; non2xx: number }) => void,
) => unknown;
// autocannon ships no types: this is the part used (bench/load.ts reads it the same way).
const autocannon = require('autocannon') as Cannon;

/**
 * Sends `amount` GET requests of `path` to the mock with the key, cycling through `sessions`,
 * ten at a time: autocannon fills a journal of 10,000 in a fraction of what fetch takes.
 */
export async function fire(
  origin: string,
  amount: number,
  sessions: string[],
  path = '/v1/pets/1',
) {
  let sent = 0;
  const result = await new Promise<{ '2xx': number; non2xx: number }>((resolve, reject) =>
    autocannon(
      {
        url: origin,
        connections: 10,
        amount,
        headers: { authorization: 'Bearer petstore-dev-key' },
        // One counter for all connections (each would cycle through a list on its own).
        requests: [
          {
            method: 'GET',
            path,
            setupRequest: (request: { headers: Record<string, string> }) => {
              sent += 1;
              const session = sessions[sent % sessions.length] as string;
              return { ...request, headers: { ...request.headers, 'x-mock-session': session } };
            },
          },
        ],
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    ),
  );
  return result['2xx'];
}

/** Where the docs' screenshots of the console are written. */
export const SCREENSHOTS = new URL('../../docs/console/', import.meta.url);

/** Writes a screenshot of the whole page into docs/console/. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: new URL(name, SCREENSHOTS).pathname, fullPage: true });
}

/** One request of the app, with the mock's key, in `session` when given. */
export function appFetch(
  baseUrl: string,
  path: string,
  init: { session?: string; method?: string; body?: unknown; key?: string } = {},
): Promise<Response> {
  return fetch(`${baseUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      Authorization: `Bearer ${init.key ?? 'petstore-dev-key'}`,
      ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(init.session === undefined ? {} : { 'X-Mock-Session': init.session }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

/** Waits until a row of `tbody` holds `text`; resolves with that row's text. */
export async function waitForRow(page: Page, tbody: string, text: string): Promise<string> {
  const row = page.locator(`${tbody} tr`, { hasText: text }).first();
  await row.waitFor({ timeout: 10_000 });
  return (await row.textContent()) ?? '';
}

/** axe-core's serious and critical findings on the page as it is, one line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: AXE });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: unknown[] }> } }).axe;
    return (await axe.run()).violations as {
      id: string;
      impact: string;
      help: string;
      nodes: { target: string[] }[];
    }[];
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
}

/**
 * Presses Tab from the top of the page until the focus has had time to come back round, and
 * returns the visible controls it never reached (none when the keyboard alone reaches every
 * control). A control is named by its row's key and its own id, label or text, the same way
 * before and after a live panel re-renders it.
 */
export async function unreachedByTab(page: Page): Promise<string[]> {
  const controls = await page.evaluate(() =>
    [...document.querySelectorAll('a[href], button, input, select, summary, [tabindex="0"]')]
      .filter(
        (node) => (node as HTMLElement).checkVisibility() && !(node as HTMLButtonElement).disabled,
      )
      .map(
        (node) =>
          `${(node.closest('[data-key]') as HTMLElement | null)?.dataset.key ?? ''}|${node.id || node.getAttribute('aria-label') || node.textContent?.trim()}`,
      ),
  );
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const reached = new Set<string>();
  for (let i = 0; i < controls.length + 10; i += 1) {
    await page.keyboard.press('Tab');
    reached.add(
      await page.evaluate(() => {
        const node = document.activeElement;
        if (node === null) return '';
        return `${(node.closest('[data-key]') as HTMLElement | null)?.dataset.key ?? ''}|${node.id || node.getAttribute('aria-label') || node.textContent?.trim()}`;
      }),
    );
  }
  return controls.filter((control) => !reached.has(control));
}
