/**
 * The HTML of the standalone mock's landing page and API reference. The key is written
 * into the HTML only (never into a script or JSON another origin could load).
 */

import type { Profile } from '../../../spec/profile.ts';
import { describeProfile } from '../../core/profile.ts';

/** What the landing page tells a frontend developer. */
export type LandingFacts = {
  baseUrl: string;
  apiKeys: readonly string[];
  profile?: Profile;
  /** Proxy mode: the backend's base URL (never its key). */
  proxy?: string;
};

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Every control endpoint, as the landing page lists it (landing.test.ts holds it to controls.ts). */
export const CONTROLS: [method: string, path: string, purpose: string][] = [
  ['GET', '/__mock/state', 'the animals the mock holds now (the table below)'],
  ['POST', '/__mock/reset', 'restores the seed animals, with the same ids'],
  ['PUT', '/__mock/data', 'replaces the data set with the JSON body'],
  [
    'POST',
    '/__mock/faults',
    'queues a fault (status, delay, broken body, network reset) for the requests it matches',
  ],
  [
    'PUT',
    '/__mock/profile',
    "gives the session a backend's profile (GET shows it, DELETE restores the server's)",
  ],
  ['GET', '/__mock/requests', "the session's request journal: what the app sent, what it got"],
  [
    'GET',
    '/__mock/departures',
    "proxy mode: the session's departures from the interface, the backend's or the app's (the table below)",
  ],
  ['GET', '/__mock/pact', "the session's journal as a Pact file a backend can verify"],
  [
    'POST',
    '/__mock/pact/states',
    "sets up a pact's provider state (Pact's providerStatesSetupUrl)",
  ],
  ['GET', '/__mock/sessions', 'the live sessions; each request picks one with X-Mock-Session'],
  ['DELETE', '/__mock/sessions/ID', 'ends a session; its next request starts it afresh'],
];

const page = (title: string, head: string, body: string): string => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="icon" href="/docs/favicon-32x32.png">
${head}
</head>
${body}
</html>
`;

/** The landing page at `/`: base URL, keys, control endpoints and the live data table. */
export function landingHtml(facts: LandingFacts): string {
  const key = facts.apiKeys[0] ?? '';
  const keys = facts.apiKeys.map((k) => `<code>${escapeHtml(k)}</code>`).join(', ');
  const example = `curl -H 'Authorization: Bearer ${key}' '${facts.baseUrl}/pets?limit=5'`;
  const controls = CONTROLS.map(
    ([method, path, purpose]) =>
      `<tr><td><code>${method} ${path}</code></td><td>${escapeHtml(purpose)}</td></tr>`,
  ).join('\n');
  return page(
    'Pet Store mock',
    '<link rel="stylesheet" href="/landing.css">\n<script type="module" src="/landing.js"></script>',
    `<body>
<h1>Pet Store mock</h1>
<p>A stateful mock of the Pet Store interface, for building a frontend before the backend exists.
See the <a href="/docs/">interactive API reference</a> or the
<a href="/openapi.json">OpenAPI document</a>.</p>
<dl class="facts">
<dt>Base URL</dt><dd><code id="base-url">${escapeHtml(facts.baseUrl)}</code></dd>
<dt>API key${facts.apiKeys.length > 1 ? 's' : ''}</dt><dd id="api-keys">${keys}</dd>
<dt>Every request sends</dt><dd><code>Authorization: Bearer ${escapeHtml(key)}</code></dd>
${facts.proxy === undefined ? '' : `<dt>Proxy</dt><dd id="proxy">every <code>/v1</code> request goes to <code>${escapeHtml(facts.proxy)}</code>, judged by the interface's rules</dd>\n`}<dt>Profile</dt><dd id="profile">${escapeHtml(describeProfile(facts.profile ?? {}))}</dd>
<dt>Try it</dt><dd><code id="example">${escapeHtml(example)}</code></dd>
</dl>
<h2>Control endpoints</h2>
<p>Outside <code>/v1</code> and not part of the interface; they need no key. Changes from a
page need <code>Content-Type: application/json</code> (or an <code>X-Requested-With</code>
header) and are refused from pages of other sites; a test runner or curl sends them bare.</p>
<table class="controls"><thead><tr><th>endpoint</th><th>what it does</th></tr></thead>
<tbody>
${controls}
</tbody></table>
<h2>Data <small id="data-info">loading…</small></h2>
<p><label>Session <select id="session"><option value="">default</option></select></label>
<button id="refresh" type="button">Refresh</button>
<button id="reset" type="button">Reset to the seed data</button></p>
<p>Answering by: <span id="session-profile">the server's profile</span>; listed in the order
<code id="order">id-asc</code>, as the API lists them.</p>
<table class="data"><thead><tr><th>id</th><th>name</th><th>categoryId</th><th>status</th></tr></thead>
<tbody id="pets"></tbody></table>
<h2>Departures <small id="departures-info"></small></h2>
<p>In proxy mode, each exchange is judged by the interface's rules: a rule the backend's answer
or the app's request breaks is listed here (<code>GET /__mock/departures</code>).</p>
<table class="data"><thead><tr><th>request</th><th>rule</th><th>side</th><th>what was seen</th></tr></thead>
<tbody id="departures"></tbody></table>
</body>`,
  );
}

/** The API reference at `/docs/`: Swagger UI over `/openapi.json`, pre-authorised with the key. */
export function docsHtml(facts: LandingFacts): string {
  const key = escapeHtml(facts.apiKeys[0] ?? '');
  return page(
    'Pet Store API reference',
    [
      '<link rel="stylesheet" href="/docs/swagger-ui.css">',
      '<script src="/docs/swagger-ui-bundle.js"></script>',
      '<script src="/docs/docs.js"></script>',
    ].join('\n'),
    `<body data-key="${key}">
<p style="margin:0.5rem 1rem;font-family:sans-serif"><a href="/">← Pet Store mock</a></p>
<div id="swagger-ui"></div>
</body>`,
  );
}
