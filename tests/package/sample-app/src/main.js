// The sample app: a React page as `npm create vite` sets one up (StrictMode on), that lists
// the animals of one status, switches the status, refreshes, and adds an animal, against
// the Pet Store API at VITE_PETSTORE_URL (the mock in development and tests).
import { createElement as h, StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';

const BASE_URL = import.meta.env.VITE_PETSTORE_URL ?? 'http://127.0.0.1:4010/v1';
const KEY = { Authorization: `Bearer ${import.meta.env.VITE_PETSTORE_KEY ?? 'petstore-dev-key'}` };

function App() {
  const [status, setStatus] = useState('available');
  const [loads, setLoads] = useState(0);
  const [pets, setPets] = useState(undefined);
  const [error, setError] = useState(undefined);
  useEffect(() => {
    // React's own pattern: StrictMode runs this twice on mount, and the first answer is ignored.
    let ignore = false;
    fetch(`${BASE_URL}/pets?status=${status}&limit=100`, { headers: KEY })
      .then(async (response) => {
        if (!response.ok) throw new Error(`the list answered ${response.status}`);
        const list = await response.json();
        if (!ignore) [setPets(list), setError(undefined)];
      })
      .catch((reason) => {
        if (!ignore) setError(reason.message);
      });
    return () => {
      ignore = true;
    };
  }, [status, loads]);

  async function add(event) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const response = await fetch(`${BASE_URL}/pets`, {
      method: 'POST',
      headers: { ...KEY, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: form.get('name'), categoryId: Number(form.get('category')) }),
    });
    if (response.ok) setLoads((n) => n + 1);
    else setError(`adding answered ${response.status}`);
  }

  return h(
    'main',
    null,
    h('h1', null, `Animals: ${status}`),
    h('button', { type: 'button', onClick: () => setStatus('sold') }, 'Show sold'),
    h('button', { type: 'button', onClick: () => setLoads((n) => n + 1) }, 'Refresh'),
    error === undefined
      ? h(
          'ul',
          null,
          (pets ?? []).map((pet) => h('li', { key: pet.id }, pet.name)),
        )
      : h('p', { role: 'alert' }, `Could not load the animals: ${error}`),
    h(
      'form',
      { onSubmit: add },
      h('input', { name: 'name', 'aria-label': 'Name', required: true }),
      h('input', { name: 'category', 'aria-label': 'Category', type: 'number', min: 1 }),
      h('button', { type: 'submit' }, 'Add'),
    ),
  );
}

createRoot(document.getElementById('root')).render(h(StrictMode, null, h(App)));
