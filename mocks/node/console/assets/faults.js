// Faults from the page, through POST, GET and DELETE /__mock/faults for the picked session:
// queue one for an operation or for requests like one opened, see what is pending, clear it.
import { change, pick, pickedSession, read, sessionName } from './api.js';
import { byId, el } from './dom.js';
import { describeFault, queryString } from './words.js';

const form = byId('fault-form');
const result = byId('fault-result');
const pending = byId('pending-faults');
const info = byId('faults-info');
const field = (name) => byId(`fault-${name}`);

/** The effect the form asks for, as POST /__mock/faults takes it. */
function effect() {
  const chosen = field('effect').value;
  const delayMs = Number(field('delay').value);
  if (chosen === 'status') return { status: Number(field('status').value) };
  if (chosen === 'delay') return { delayMs };
  if (chosen === 'reset') return { network: 'reset' };
  if (chosen === 'trickle') return { answer: 'trickle', delayMs };
  return { answer: chosen };
}

/** The requests the form names: `match` from its query and petId fields. */
function match() {
  const wanted = {};
  const query = field('query').value.trim().replace(/^\?/, '');
  if (query !== '') wanted.query = Object.fromEntries(new URLSearchParams(query));
  const petId = field('pet').value.trim();
  if (petId !== '') wanted.petId = petId;
  return Object.keys(wanted).length === 0 ? undefined : wanted;
}

/** Reads the picked session's pending faults into the list. */
export async function readFaults() {
  const session = pickedSession();
  try {
    const faults = await read('/__mock/faults', session);
    pending.replaceChildren(
      ...(faults.length === 0
        ? [el('li', {}, 'none')]
        : faults.slice(0, 100).map((f) => el('li', {}, describeFault(f)))),
    );
    info.textContent = `${faults.length} pending in session ${sessionName(session)}`;
  } catch (error) {
    info.textContent = error.message;
  }
}

/** Fills the form for requests like `entry` (its operation, query and petId), in its session. */
export function likeEntry(entry) {
  if ((entry.session ?? '') !== pickedSession()) pick(entry.session ?? '');
  field('operation').value = entry.operation ?? '*';
  field('query').value = queryString(entry.query);
  field('pet').value = entry.pathParams?.petId ?? '';
  result.textContent = `For requests like ${entry.method} ${entry.path} in session ${sessionName(entry.session)}: choose what happens, then queue it.`;
  byId('faults-title').scrollIntoView();
  field('effect').focus();
}

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  const times = field('always').checked ? 'always' : Number(field('times').value);
  const after = Number(field('after').value);
  const wanted = match();
  const fault = {
    operation: field('operation').value,
    times,
    ...(after > 0 ? { after } : {}),
    ...(wanted === undefined ? {} : { match: wanted }),
    ...effect(),
  };
  try {
    const queued = await change('POST', '/__mock/faults', pickedSession(), fault);
    result.textContent = `Queued ${describeFault(queued)} in session ${sessionName(pickedSession())}.`;
  } catch (error) {
    result.textContent = error.message;
  }
  await readFaults();
});

byId('clear-faults').addEventListener('click', async () => {
  try {
    await change('DELETE', '/__mock/faults', pickedSession());
    result.textContent = `Cleared the pending faults of session ${sessionName(pickedSession())}.`;
  } catch (error) {
    result.textContent = error.message;
  }
  await readFaults();
});
