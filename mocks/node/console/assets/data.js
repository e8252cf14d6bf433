// The picked session's animals (GET /__mock/state), in the order its profile lists them, at
// most SHOWN rows; add one through the API (POST /v1/pets with the key this page shows) and
// restore the seed (POST /__mock/reset). In proxy mode the app's animals are the backend's:
// the table, when there is one, is the mock's own store, and the page changes nothing in it.
import { change, mode, pickedSession, read, sessionHeader, sessionName, shownKey } from './api.js';
import { byId, row } from './dom.js';

const SHOWN = 200;
const body = byId('pets');
const info = byId('data-info');
const note = byId('pets-note');
const result = byId('data-result');

// The orders a profile declares, as the mock serves them (mocks/core/profile.ts).
const byIdAsc = (a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : BigInt(a.id) > BigInt(b.id) ? 1 : 0);
const ORDERS = {
  'id-asc': byIdAsc,
  any: byIdAsc,
  'id-desc': (a, b) => byIdAsc(b, a),
  'newest-first': (a, b) => byIdAsc(b, a),
  'name-asc': (a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : byIdAsc(a, b)),
};

/** The profile the picked session answers by, in the panel; resolves with its order. */
async function readProfile(session) {
  const view = await read('/__mock/profile', session);
  const fields = Object.entries(view.profile).map(([k, v]) => `${k} ${JSON.stringify(v)}`);
  const whose = view.source === 'session' ? "the session's own profile" : "the server's profile";
  byId('session-profile').textContent =
    fields.length === 0 ? `${whose} (none)` : `${whose}: ${fields.join(', ')}`;
  return view.profile.order ?? 'id-asc';
}

/** Reads the picked session's animals into the table (no table in proxy mode without a store). */
export async function readData() {
  if (body === null) return;
  const session = pickedSession();
  try {
    const order = await readProfile(session);
    byId('order').textContent = order;
    const state = await read('/__mock/state', session);
    const pets = [...state.pets].sort(ORDERS[order] ?? byIdAsc);
    body.replaceChildren(
      ...pets
        .slice(0, SHOWN)
        .map((p) => row(String(p.id), p.name, String(p.categoryId), p.status ?? '')),
    );
    note.textContent =
      pets.length > SHOWN
        ? `The first ${SHOWN} of ${pets.length} are shown; GET /__mock/state has them all.`
        : '';
    const count = `${pets.length} animal${pets.length === 1 ? '' : 's'}`;
    const where = mode.mode === 'proxy' ? "in the mock's own store of session" : 'in session';
    info.textContent = `${count} ${where} ${sessionName(session)}, as of ${new Date().toLocaleTimeString()}`;
  } catch (error) {
    info.textContent = `could not read the data: ${error.message}`;
  }
}

const form = byId('add-pet');
form?.addEventListener('submit', async (event) => {
  event.preventDefault();
  const session = pickedSession();
  const pet = {
    name: byId('pet-name').value,
    categoryId: Number(byId('pet-category').value),
    status: byId('pet-status').value,
  };
  // Through the API, as an app creates one: the mock checks it by the interface's rules.
  const response = await fetch(`${byId('base-url').textContent}/pets`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${shownKey()}`,
      'Content-Type': 'application/json',
      ...sessionHeader(session),
    },
    body: JSON.stringify(pet),
  });
  const answer = await response.json().catch(() => ({}));
  result.textContent = response.ok
    ? `Added ${answer.name} with id ${answer.id}.`
    : `Not added: ${answer.message ?? response.status}`;
  await readData();
});
byId('reset')?.addEventListener('click', async () => {
  try {
    await change('POST', '/__mock/reset', pickedSession());
    result.textContent = `Session ${sessionName(pickedSession())} is back to the seed data (its faults and journal emptied too).`;
  } catch (error) {
    result.textContent = error.message;
  }
  await readData();
});
byId('mock-store')?.addEventListener('toggle', readData);
