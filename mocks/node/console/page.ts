/**
 * The console's HTML at `/`: the facts a frontend developer needs, then the live panels that
 * console.js fills (requests, the exchange opened, faults, sessions, data; in proxy mode the
 * departures first). Every value goes in escaped; the key is written into the HTML only.
 */
import { describeProfile } from '../../core/profile.ts';
import { CONTROLS, escapeHtml, page } from '../landing/pages.ts';
import { EVENTS_PATH } from './events.ts';
import type { ConsoleFacts, ProxyFacts } from './facts.ts';
import {
  dataPanel,
  departuresPanel,
  exchangePanel,
  faultsPanel,
  requestsPanel,
  sessionsPanel,
} from './panels.ts';

const onOff = (on: boolean) => (on ? 'on' : 'off');

/** The line under the title: what this mock is for, in its mode. */
function subtitle(proxy: ProxyFacts | undefined): string {
  if (proxy === undefined)
    return 'A stateful mock of the Pet Store interface, for building a frontend before the backend exists.';
  const fallback = proxy.fallback
    ? ' Where the backend does not serve an operation yet, the mock answers from its own store.'
    : '';
  return `In front of the backend at <code>${escapeHtml(proxy.url)}</code>: every <code>/v1</code> request goes to it and its answer comes back as given, judged by the interface's rules.${fallback}`;
}

function proxyFacts(proxy: ProxyFacts): string {
  const key = proxy.keyLent
    ? "the backend's own (<code>--proxy-key</code>), lent once the app's key is checked"
    : "the app's, passed on as sent";
  return `<dt>Backend</dt><dd><code id="proxy">${escapeHtml(proxy.url)}</code></dd>
<dt>Backend key</dt><dd id="proxy-key">${key}</dd>
<dt>Fallback</dt><dd id="proxy-fallback">${onOff(proxy.fallback)}</dd>
<dt>Record</dt><dd id="proxy-record">${onOff(proxy.record)}</dd>
`;
}

/** The console page for a mock described by `facts`. */
export function consoleHtml(facts: ConsoleFacts): string {
  const key = facts.apiKeys[0] ?? '';
  const keys = facts.apiKeys.map((k) => `<code>${escapeHtml(k)}</code>`).join(', ');
  const example = `curl -H 'Authorization: Bearer ${key}' '${facts.baseUrl}/pets?limit=5'`;
  const proxy = facts.proxy;
  const controls = CONTROLS.map(
    ([method, path, purpose]) =>
      `<tr><td><code>${method} ${path}</code></td><td>${escapeHtml(purpose)}</td></tr>`,
  ).join('\n');
  const mode = proxy === undefined ? 'mock' : 'proxy';
  const flags =
    proxy === undefined
      ? ''
      : ` data-fallback="${proxy.fallback}" data-record="${proxy.record}" data-key-lent="${proxy.keyLent}"`;
  return page(
    proxy === undefined ? 'Pet Store mock' : 'Pet Store mock: proxy',
    '<link rel="stylesheet" href="/console/console.css">\n<script type="module" src="/console/console.js"></script>',
    `<body data-mode="${mode}"${flags}>
<header>
<h1>Pet Store mock${proxy === undefined ? '' : ' <span class="mode">proxy mode</span>'}</h1>
<p id="subtitle">${subtitle(proxy)}</p>
<p id="live" role="status" aria-live="polite">Connecting to the live feed…</p>
<dl class="facts">
<dt>Base URL</dt><dd><code id="base-url">${escapeHtml(facts.baseUrl)}</code></dd>
<dt>API key${facts.apiKeys.length > 1 ? 's' : ''}</dt><dd id="api-keys">${keys}</dd>
${proxy === undefined ? '' : proxyFacts(proxy)}<dt>Profile</dt><dd id="profile">${escapeHtml(describeProfile(facts.profile ?? {}))}</dd>
<dt>Try it</dt><dd><code id="example">${escapeHtml(example)}</code></dd>
</dl>
<nav aria-label="Console"><a href="#requests">Requests</a> <a href="#faults">Faults</a> <a href="#sessions">Sessions</a> <a href="#data">Data</a>${proxy === undefined ? '' : ' <a href="#departures">Departures</a>'} <a href="/docs/">API reference</a> <a href="/openapi.json">OpenAPI document</a></nav>
</header>
<main>
<p class="picker"><label for="session">Session</label> <select id="session"><option value="">default</option></select>
<span id="session-note"></span></p>
${proxy === undefined ? '' : departuresPanel()}${requestsPanel()}${exchangePanel()}${faultsPanel()}${sessionsPanel()}${dataPanel(proxy)}<details class="reference"><summary>Control endpoints</summary>
<p>Outside <code>/v1</code> and not part of the interface; they need no key. Changes from a
page need <code>Content-Type: application/json</code> (or an <code>X-Requested-With</code>
header) and are refused from pages of other sites; a test runner or curl sends them bare.
This page follows <code>GET ${EVENTS_PATH}</code> (server-sent events, the standalone mock only).</p>
<table class="controls"><thead><tr><th scope="col">endpoint</th><th scope="col">what it does</th></tr></thead>
<tbody>
${controls}
</tbody></table>
</details>
</main>
</body>`,
  );
}
