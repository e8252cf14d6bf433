// Keeps the landing page's data table in step with GET /__mock/state while the page
// is visible. Values go in through textContent: pet names are whatever a client sent.
const tbody = document.getElementById('pets');
const info = document.getElementById('data-info');

const petsOf = (state) => (Array.isArray(state) ? state : (state?.pets ?? []));

function render(pets) {
  const rows = pets.map((pet) => {
    const row = document.createElement('tr');
    for (const key of ['id', 'name', 'categoryId', 'status']) {
      const cell = document.createElement('td');
      cell.textContent = pet[key] === undefined ? '' : String(pet[key]);
      row.append(cell);
    }
    return row;
  });
  tbody.replaceChildren(...rows);
  info.textContent = `${pets.length} animal${pets.length === 1 ? '' : 's'}, as of ${new Date().toLocaleTimeString()}`;
}

async function refresh() {
  try {
    const response = await fetch('/__mock/state', { cache: 'no-store' });
    if (!response.ok) throw new Error(`GET /__mock/state answered ${response.status}`);
    render(petsOf(await response.json()));
  } catch (error) {
    info.textContent = `could not read the data: ${error.message}; is the mock still running?`;
  }
}

document.getElementById('refresh').addEventListener('click', refresh);
document.getElementById('reset').addEventListener('click', async () => {
  // The JSON Content-Type marks a script, not a form: the mock refuses control writes without it.
  const response = await fetch('/__mock/reset', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
  });
  if (response.ok) await refresh();
  else info.textContent = `reset failed: POST /__mock/reset answered ${response.status}`;
});
setInterval(() => {
  if (document.visibilityState === 'visible') refresh();
}, 2000);
refresh();
