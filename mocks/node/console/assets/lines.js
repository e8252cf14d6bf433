// The live request list: the newest lines first, at most SHOWN rows in the page however long
// it stays open (the rest are kept up to KEPT, then forgotten: the journal has them). A click
// on a request opens its exchange. Paused, new lines are counted, not shown.
import { pickedSession, read, sessionName } from './api.js';
import { byId, el, replaceKeepingFocus } from './dom.js';
import { answeredBy, clock, faultEffect, targetOf } from './words.js';

const SHOWN = 200;
const KEPT = 1000;
const body = byId('lines');
const note = byId('lines-note');
const info = byId('requests-info');
const only = byId('only-session');
const followButton = byId('follow');

let lines = [];
const seen = new Set();
let following = true;
let unseen = 0;
let missed = 0;
let scheduled = false;
let open = () => {};

const key = (line) => `${line.session ?? ''}#${line.id}`;
const picked = (line) => !only.checked || (line.session ?? '') === pickedSession();

function lineRow(line) {
  const status = line.status === 0 ? 'dropped' : String(line.status);
  const departures = (line.departures ?? []).map((d) => `${d.rule} (${d.side})`).join(', ');
  const button = el(
    'button',
    { type: 'button', class: 'link', title: line.message, onclick: () => open(line) },
    `${line.method} ${targetOf(line)}`,
  );
  return el(
    'tr',
    {
      class: `s${status[0]}${line.fault ? ' faulted' : ''}${departures ? ' departs' : ''}`,
      'data-key': key(line),
    },
    el('td', {}, clock(line.time)),
    el('td', {}, sessionName(line.session)),
    el('td', {}, button),
    el('td', {}, status, line.message ? el('span', { class: 'message' }, ` ${line.message}`) : ''),
    el('td', { class: 'num' }, String(line.durationMs)),
    el('td', {}, answeredBy(line)),
    el('td', {}, line.fault ? `#${line.fault.id} ${faultEffect(line.fault)}` : ''),
    el('td', {}, departures),
  );
}

function render() {
  scheduled = false;
  const shown = lines.filter(picked).slice(-SHOWN).reverse();
  replaceKeepingFocus(body, shown.map(lineRow));
  info.textContent = `${shown.length} shown${lines.length > shown.length ? ` of the last ${lines.length}` : ''}`;
  const notes = [];
  if (!following && unseen > 0)
    notes.push(`${unseen} new request${unseen === 1 ? '' : 's'} since the pause.`);
  if (missed > 0)
    notes.push(
      `${missed} request${missed === 1 ? ' was' : 's were'} not sent to this page (too many at once); each session's journal has them.`,
    );
  note.textContent = notes.join(' ');
}

const schedule = () => {
  if (!scheduled && following) {
    scheduled = true;
    requestAnimationFrame(render);
  }
};

/** Adds lines (from the feed or a journal), each once, and shows them when following. */
export function addLines(batch, skipped = 0) {
  missed += skipped;
  for (const line of batch) {
    if (seen.has(key(line))) continue;
    seen.add(key(line));
    lines.push(line);
    if (!following) unseen += 1;
  }
  lines.sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : 0));
  if (lines.length > KEPT) {
    for (const old of lines.slice(0, lines.length - KEPT)) seen.delete(key(old));
    lines = lines.slice(-KEPT);
  }
  schedule();
  if (!following) render();
}

/** Forgets every line (the mock restarted: their sessions are gone). */
export function forgetLines() {
  lines = [];
  seen.clear();
  missed = 0;
  schedule();
}

/** Reads the picked session's last 100 journal entries, so its list starts with its past. */
export async function loadJournal(session, total) {
  const entries = await read(`/__mock/requests?after=${Math.max(0, total - 100)}`, session);
  addLines(entries);
}

/** Sets what a click on a request does. */
export const onOpen = (listener) => {
  open = listener;
};

followButton.addEventListener('click', () => {
  following = !following;
  followButton.textContent = following ? 'Pause' : 'Resume';
  unseen = 0;
  scheduled = false;
  render();
});
byId('clear-lines').addEventListener('click', forgetLines);
only.addEventListener('change', render);
