// Keeps the landing page's data table in step with GET /__mock/state while the page is
// visible, for the session picked (X-Mock-Session; the default session without one), in the
// order its profile lists animals in. Values go in through textContent: pet names are
// whatever a client sent.
const tbody = document.getElementById('pets');
const info = document.getElementById('data-info');
const picker = document.getElementById('session');
const profileLine = document.getElementById('session-profile');
const orderCell = document.getElementById('order');

const petsOf = (state) => (Array.isArray(state) ? state : (state?.pets ?? []));
const headers = () => (picker.value === '' ? {} : { 'X-Mock-Session': picker.value });

// The orders a profile declares, as the mock serves them (mocks/core/profile.ts).
const byId = (a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : BigInt(a.id) > BigInt(b.id) ? 1 : 0);
const ORDERS = {
  'id-asc': byId,
  any: byId,
  'id-desc': (a, b) => byId(b, a),
  'newest-first': (a, b) => byId(b, a),
  'name-asc': (a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : byId(a, b)),
};

function render(pets, order) {
  const rows = [...pets].sort(ORDERS[order] ?? byId).map((pet) => {
    const row = document.createElement('tr');
    for (const key of ['id', 'name', 'categoryId', 'status']) {
      const cell = document.createElement('td');
      cell.textContent = pet[key] === undefined ? '' : String(pet[key]);
      row.append(cell);
    }
    return row;
  });
  tbody.replaceChildren(...rows);
  const session = picker.value === '' ? 'the default session' : `session ${picker.value}`;
  info.textContent = `${pets.length} animal${pets.length === 1 ? '' : 's'} in ${session}, as of ${new Date().toLocaleTimeString()}`;
}

/** The live sessions in the picker, keeping the one picked. */
async function listSessions() {
  const response = await fetch('/__mock/sessions', { cache: 'no-store' });
  if (!response.ok) return;
  const ids = (await response.json()).sessions.map((session) => session.id).sort();
  const picked = picker.value;
  const options = ['', ...ids].map((id) => {
    const option = document.createElement('option');
    option.value = id;
    option.textContent = id === '' ? 'default' : id;
    return option;
  });
  picker.replaceChildren(...options);
  picker.value = ids.includes(picked) ? picked : '';
}

/** The profile the picked session answers by: its own or the server's. */
async function readProfile() {
  const response = await fetch('/__mock/profile', { cache: 'no-store', headers: headers() });
  if (!response.ok) throw new Error(`GET /__mock/profile answered ${response.status}`);
  const view = await response.json();
  const fields = Object.entries(view.profile).map(
    ([key, value]) => `${key} ${JSON.stringify(value)}`,
  );
  const whose = view.source === 'session' ? "the session's own profile" : "the server's profile";
  profileLine.textContent =
    fields.length === 0 ? `${whose} (none)` : `${whose}: ${fields.join(', ')}`;
  return view.profile.order ?? 'id-asc';
}

const departuresBody = document.getElementById('departures');
const departuresInfo = document.getElementById('departures-info');

/** The picked session's departures (proxy mode), newest last, as text cells. */
async function readDepartures() {
  const response = await fetch('/__mock/departures', { cache: 'no-store', headers: headers() });
  if (!response.ok) return;
  const rows = (await response.json()).map((d) => {
    const row = document.createElement('tr');
    const cells = [
      `${d.method} ${d.path} ${d.status}`,
      d.rule,
      d.side,
      `${d.title}: ${d.received}`,
    ];
    for (const text of cells) {
      const cell = document.createElement('td');
      cell.textContent = text;
      row.append(cell);
    }
    return row;
  });
  departuresBody.replaceChildren(...rows);
  departuresInfo.textContent = rows.length === 0 ? 'none' : `${rows.length}`;
}

async function refresh() {
  try {
    await readDepartures();
    await listSessions();
    const order = await readProfile();
    orderCell.textContent = order;
    const response = await fetch('/__mock/state', { cache: 'no-store', headers: headers() });
    if (!response.ok) throw new Error(`GET /__mock/state answered ${response.status}`);
    render(petsOf(await response.json()), order);
  } catch (error) {
    info.textContent = `could not read the data: ${error.message}; is the mock still running?`;
  }
}

picker.addEventListener('change', refresh);
document.getElementById('refresh').addEventListener('click', refresh);
document.getElementById('reset').addEventListener('click', async () => {
  // The JSON Content-Type marks a script, not a form: the mock refuses control writes without it.
  const response = await fetch('/__mock/reset', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers() },
  });
  if (response.ok) await refresh();
  else info.textContent = `reset failed: POST /__mock/reset answered ${response.status}`;
});
setInterval(() => {
  if (document.visibilityState === 'visible') refresh();
}, 2000);
refresh();
