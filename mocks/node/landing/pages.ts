/**
 * What the standalone mock's pages share (the HTML frame, escaping, the list of control
 * endpoints) and the API reference's HTML; the console at `/` is console/page.ts. The key is
 * written into the HTML only (never into a script or JSON another origin could load).
 */

/** Text as it goes into HTML: every character that could open markup escaped. */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Every control endpoint, as the console lists it (landing.test.ts holds it to controls.ts). */
export const CONTROLS: [method: string, path: string, purpose: string][] = [
  ['GET', '/__mock/state', 'the animals the mock holds now (the Data panel)'],
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
    "proxy mode: the session's departures from the interface, the backend's or the app's (the Departures panel)",
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

/** A whole page: its title, what goes in its head, and its body element. */
export const page = (title: string, head: string, body: string): string => `<!doctype html>
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

/** The API reference at `/docs/`: Swagger UI over `/openapi.json`, pre-authorised with the key. */
export function docsHtml(facts: { apiKeys: readonly string[] }): string {
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
