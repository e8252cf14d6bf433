// A small frontend of the Pet Store: it lists the available animals in the order the API
// gives them, adds one (without a status: the backend picks it) and shows one animal's page.
import { api } from './config.js';

const headers = { Authorization: 'Bearer petstore-dev-key' };

async function call(path, init = {}) {
  const response = await fetch(`${api}${path}`, {
    ...init,
    headers: { ...headers, ...init.headers },
  });
  return response.json();
}

function item(pet) {
  const li = document.createElement('li');
  const link = document.createElement('a');
  link.href = '#';
  link.textContent = pet.name;
  link.addEventListener('click', async (event) => {
    event.preventDefault();
    const shown = await call(`/pets/${pet.id}`);
    document.querySelector('#detail').textContent = `${shown.name}, ${shown.status}`;
  });
  li.append(link);
  return li;
}

const available = await call('/pets?status=available&limit=100');
document.querySelector('#animals').append(...available.map(item));

document.querySelector('#add').addEventListener('submit', async (event) => {
  event.preventDefault();
  const name = document.querySelector('#name').value;
  const pet = await call('/pets', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name, categoryId: 2 }),
  });
  document.querySelector('#added').textContent = `${pet.name} is ${pet.status}`;
  document.querySelector('#animals').append(item(pet));
});
