// One exchange, opened from its line: the request and the answer with their headers and
// bodies (read from the session's journal, keys masked there), a curl that sends it again,
// and in proxy mode the departures with the sentence of the interface each breaks.
import { mode, read, sessionName, shownKey } from './api.js';
import { replayCurl } from './curl.js';
import { byId, el } from './dom.js';
import { answeredBy, departureWords, faultEffect, targetOf } from './words.js';

const panel = byId('exchange');
const title = byId('exchange-title');
const body = byId('exchange-body');
let current;
let opener;
let likeThis = () => {};

const headers = (caption, all) =>
  el(
    'table',
    { class: 'headers' },
    el('caption', {}, caption),
    el(
      'tbody',
      {},
      ...Object.entries(all ?? {}).map(([n, v]) =>
        el('tr', {}, el('th', { scope: 'row' }, n), el('td', {}, v)),
      ),
    ),
  );

const shown = (value) => (typeof value === 'string' ? value : JSON.stringify(value, null, 2));

function departuresOf(entry) {
  if (!entry.departures?.length) return [];
  return [
    el('h3', {}, 'Departures'),
    el(
      'ul',
      { class: 'departures' },
      ...entry.departures.map((d) => {
        const words = departureWords(d);
        return el(
          'li',
          {},
          el('strong', {}, `${d.rule} (${d.side})`),
          ` ${words.headline}`,
          el('br'),
          `expected: ${words.expected}`,
          el('br'),
          `seen: ${words.seen}`,
          el('blockquote', {}, d.sentence),
        );
      }),
    ),
  ];
}

// In proxy mode without a lent key the app's key went to the backend: the page never saw it.
const replayKey = () => (mode.mode === 'proxy' && mode.keyLent !== 'true' ? undefined : shownKey());

function render(entry) {
  const facts = [
    `${entry.status === 0 ? 'connection dropped' : `status ${entry.status}`} in ${entry.durationMs} ms`,
    `session ${sessionName(entry.session)}`,
    `answered by ${answeredBy(entry)}`,
    entry.fault ? `fault #${entry.fault.id}: ${faultEffect(entry.fault)}` : '',
    entry.cut ? `cut: ${entry.cut}` : '',
  ].filter(Boolean);
  const response = entry.response ?? {};
  body.replaceChildren(
    el(
      'p',
      { class: 'target' },
      el('code', {}, `${entry.method} ${targetOf(entry)}`),
      ` ${facts.join('; ')}`,
    ),
    ...departuresOf(entry),
    el(
      'div',
      { class: 'sides' },
      el(
        'div',
        {},
        el('h3', {}, 'Request'),
        headers('Request headers', entry.headers),
        entry.body === undefined
          ? el('p', {}, 'No body.')
          : el('pre', { tabindex: 0 }, shown(entry.body)),
      ),
      el(
        'div',
        {},
        el('h3', {}, 'Answer'),
        headers('Answer headers', response.headers),
        response.body === undefined
          ? el('p', {}, 'No body.')
          : el('pre', { tabindex: 0 }, shown(response.body)),
        response.truncated ? el('p', {}, 'The journal keeps the first 64 KiB of a body.') : '',
      ),
    ),
    el('h3', {}, 'Send it again'),
    el('pre', { class: 'curl', tabindex: 0 }, replayCurl(entry, location.origin, replayKey())),
  );
}

/** Opens the exchange of a line (or a journal entry), reading it whole from the journal. */
export async function openExchange(line) {
  opener = document.activeElement;
  panel.hidden = false;
  title.textContent = `Exchange #${line.id} of session ${sessionName(line.session)}`;
  body.replaceChildren(el('p', {}, 'Reading the journal…'));
  title.focus();
  try {
    const [entry] = await read(
      `/__mock/requests?after=${line.id - 1}&before=${line.id + 1}`,
      line.session,
    );
    current = entry;
    if (entry === undefined) {
      body.replaceChildren(
        el(
          'p',
          {},
          "This request is no longer in its session's journal (it keeps the last entries only, and a reset or the end of the session empties it).",
        ),
      );
      return;
    }
    render(entry);
  } catch (error) {
    body.replaceChildren(el('p', {}, `Could not read it: ${error.message}`));
  }
}

/** Sets what "Queue a fault like this" does with the opened entry. */
export const onLikeThis = (listener) => {
  likeThis = listener;
};

byId('exchange-close').addEventListener('click', () => {
  panel.hidden = true;
  (opener?.isConnected ? opener : byId('requests-title')).focus();
});
byId('fault-like').addEventListener('click', () => {
  if (current !== undefined) likeThis(current);
});
