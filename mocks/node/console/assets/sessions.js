// The live sessions (GET /__mock/sessions) with their animal and request counts, the most
// recently used first and at most SHOWN rows (a search box finds the others among 1,000):
// pick one for the other panels, reset it (POST /__mock/reset) or end it (DELETE).
import { change, pick, pickedSession, read, sessionName } from './api.js';
import { byId, el, replaceKeepingFocus } from './dom.js';

const SHOWN = 50;
const OPTIONS = 100;
const rows = byId('session-rows');
const note = byId('sessions-note');
const info = byId('sessions-info');
const filter = byId('sessions-filter');
const picker = byId('session');
let listed = { max: 0, sessions: [], default: undefined };

/** The summary of a session as last read (undefined when it is not live). */
export const summaryOf = (session) =>
  session === '' ? listed.default : listed.sessions.find((each) => each.id === session);

async function act(what, run) {
  try {
    await run();
    note.textContent = what;
  } catch (error) {
    note.textContent = error.message;
  }
  await readSessions();
}

function sessionRow(id, summary) {
  const name = sessionName(id);
  const buttons = [
    el(
      'button',
      { type: 'button', 'aria-label': `Pick session ${name}`, onclick: () => pick(id) },
      'Pick',
    ),
    el(
      'button',
      {
        type: 'button',
        'aria-label': `Reset session ${name}`,
        onclick: () =>
          act(`Session ${name} reset: the seed animals, no faults, an empty journal.`, () =>
            change('POST', '/__mock/reset', id),
          ),
      },
      'Reset',
    ),
    id === ''
      ? ''
      : el(
          'button',
          {
            type: 'button',
            'aria-label': `End session ${name}`,
            onclick: () =>
              act(`Session ${name} ended; its next request starts it afresh.`, () =>
                change('DELETE', `/__mock/sessions/${encodeURIComponent(id)}`, ''),
              ),
          },
          'End',
        ),
  ];
  return el(
    'tr',
    { class: id === pickedSession() ? 'picked' : undefined, 'data-key': `session:${id}` },
    el('td', {}, name),
    el('td', { class: 'num' }, String(summary?.count ?? '')),
    el('td', { class: 'num' }, String(summary?.requests ?? '')),
    el('td', {}, summary ? new Date(summary.lastUsed).toLocaleTimeString() : ''),
    el('td', { class: 'actions' }, ...buttons),
  );
}

function render() {
  const wanted = filter.value.trim();
  const live = [...listed.sessions].sort((a, b) => (a.lastUsed < b.lastUsed ? 1 : -1));
  const found = live.filter((s) => wanted === '' || s.id.includes(wanted));
  replaceKeepingFocus(rows, [
    ...(wanted === '' ? [sessionRow('', listed.default)] : []),
    ...found.slice(0, SHOWN).map((s) => sessionRow(s.id, s)),
  ]);
  info.textContent = `${listed.sessions.length} live of at most ${listed.max}, beside the default one`;
  if (found.length > SHOWN)
    note.textContent = `${found.length - SHOWN} more: type part of a name to find one.`;
  const ids = ['', ...live.slice(0, OPTIONS).map((s) => s.id)];
  if (!ids.includes(pickedSession())) ids.push(pickedSession());
  picker.replaceChildren(...ids.map((id) => el('option', { value: id }, sessionName(id))));
  picker.value = pickedSession();
}

/** Reads the live sessions again. */
export async function readSessions() {
  try {
    listed = await read('/__mock/sessions', '');
  } catch (error) {
    info.textContent = error.message;
  }
  render();
}

filter.addEventListener('input', render);
picker.addEventListener('change', () => pick(picker.value));
