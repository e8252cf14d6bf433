/**
 * The HTML of the console's panels, empty: console.js fills them from the live feed and the
 * `/__mock/` controls. Every control is a native button, input or select with a label, so a
 * keyboard and a screen reader reach them all.
 */
import type { ProxyFacts } from './facts.ts';

const section = (id: string, title: string, body: string, attributes = '') =>
  `<section id="${id}" aria-labelledby="${id}-title"${attributes}>
<h2 id="${id}-title" tabindex="-1">${title} <small id="${id}-info"></small></h2>
${body}
</section>
`;

const head = (...names: string[]) =>
  `<thead><tr>${names.map((name) => `<th scope="col">${name}</th>`).join('')}</tr></thead>`;

/** Proxy mode: the picked session's departures, by rule and the latest ones. */
export const departuresPanel = () =>
  section(
    'departures',
    'Departures from the interface',
    `<p>Each exchange is judged by the interface's rules. <strong>server</strong>: the backend's
answer breaks one (tell the backend team); <strong>client</strong>: the app's request does (fix the app).</p>
<h3>By rule</h3>
<table class="rules">${head('rule', 'side', 'times', 'the interface says')}<tbody id="rules"></tbody></table>
<h3>Latest</h3>
<table class="departures">${head('request', 'rule', 'expected', 'seen')}<tbody id="departure-rows"></tbody></table>`,
    ' class="prominent"',
  );

/** The live requests, newest first. */
export const requestsPanel = () =>
  section(
    'requests',
    'Requests',
    `<div class="toolbar">
<label><input type="checkbox" id="only-session"> only the picked session</label>
<button type="button" id="follow">Pause</button>
<button type="button" id="clear-lines">Clear the list</button>
</div>
<table class="lines">${head('time', 'session', 'request', 'status', 'ms', 'answered by', 'fault', 'departures')}<tbody id="lines"></tbody></table>
<p id="lines-note" class="note"></p>`,
  );

/** One exchange, opened from its line: filled by exchange.js. */
export const exchangePanel = () =>
  section(
    'exchange',
    'Exchange',
    `<p class="toolbar"><button type="button" id="exchange-close">Close</button>
<button type="button" id="fault-like">Queue a fault like this</button></p>
<div id="exchange-body"></div>`,
    ' hidden',
  );

const options = (values: [string, string][], selected = '') =>
  values
    .map(
      ([value, text]) =>
        `<option value="${value}"${value === selected ? ' selected' : ''}>${text}</option>`,
    )
    .join('');

/** The fault form and the picked session's pending faults. */
export const faultsPanel = () =>
  section(
    'faults',
    'Faults',
    `<form id="fault-form">
<fieldset><legend>Which requests</legend>
<label>Operation <select id="fault-operation">${options([
      ['*', 'any'],
      ['listPets', 'listPets'],
      ['createPet', 'createPet'],
      ['getPet', 'getPet'],
    ])}</select></label>
<label>Query <input id="fault-query" placeholder="status=sold" size="14"></label>
<label>petId <input id="fault-pet" inputmode="numeric" size="6"></label>
<label>After <input id="fault-after" type="number" min="0" value="0" size="4"></label>
<label>Times <input id="fault-times" type="number" min="1" value="1" size="4"></label>
<label><input id="fault-always" type="checkbox"> always</label>
</fieldset>
<fieldset><legend>What happens</legend>
<label>Effect <select id="fault-effect">${options([
      ['status', 'answer with a status'],
      ['delay', 'answer late'],
      ['reset', 'drop the connection'],
      ['cut-short', 'cut the body short'],
      ['not-json', 'a body that is not JSON'],
      ['trickle', 'trickle the body'],
    ])}</select></label>
<label>Status <input id="fault-status" type="number" min="400" max="599" value="500" size="4"></label>
<label>Delay (ms) <input id="fault-delay" type="number" min="0" max="60000" value="2000" size="6"></label>
</fieldset>
<p><button type="submit">Queue the fault</button> <span id="fault-result" role="status"></span></p>
</form>
<h3>Pending</h3>
<ul id="pending-faults"></ul>
<p><button type="button" id="clear-faults">Clear the pending faults</button></p>`,
  );

/** The live sessions, bounded, with a search box. */
export const sessionsPanel = () =>
  section(
    'sessions',
    'Sessions',
    `<p><label>Find a session <input id="sessions-filter" type="search" size="20"></label></p>
<table class="sessions">${head('session', 'animals', 'requests', 'last used', 'actions')}<tbody id="session-rows"></tbody></table>
<p id="sessions-note" class="note"></p>`,
  );

const petsTable = `<p>Answering by: <span id="session-profile">the server's profile</span>; listed in the order
<code id="order">id-asc</code>, as the API lists them.</p>
<div class="scroll" tabindex="0" role="region" aria-label="Animals"><table class="data">${head('id', 'name', 'categoryId', 'status')}<tbody id="pets"></tbody></table></div>
<p id="pets-note" class="note"></p>`;

const addForm = `<form id="add-pet">
<label>Name <input id="pet-name" required maxlength="255" size="14"></label>
<label>categoryId <input id="pet-category" type="number" min="1" value="1" required size="4"></label>
<label>Status <select id="pet-status">${options([
  ['available', 'available'],
  ['pending', 'pending'],
  ['sold', 'sold'],
])}</select></label>
<button type="submit">Add the animal</button>
<button type="button" id="reset">Restore the seed data</button>
<span id="data-result" role="status"></span>
</form>`;

/** The picked session's animals; in proxy mode, the app's animals are the backend's. */
export function dataPanel(proxy: ProxyFacts | undefined): string {
  if (proxy === undefined) return section('data', 'Data', `${addForm}\n${petsTable}`);
  const note = `<p id="proxy-data">The app's animals are the backend's: what it lists and returns is in each
request's answer (open one above). The mock's seed animals are not what the app sees.</p>`;
  if (!proxy.fallback && !proxy.record) return section('data', 'Data', note);
  const uses = [
    proxy.fallback ? 'answers from it where the backend does not serve an operation' : '',
    proxy.record ? 'keeps in it the animals the backend returns' : '',
  ].filter(Boolean);
  return section(
    'data',
    'Data',
    `${note}\n<details id="mock-store"><summary>The mock's own store for this session (it ${uses.join(' and ')})</summary>\n${petsTable}\n</details>`,
  );
}
