/** Wires the demo page's four panels (list, create, get, error states) to the API client. */
import {
  type ApiClient,
  type ApiResult,
  createPet,
  getPet,
  listPage,
  listPets,
  nextLink,
} from './api.ts';
import { byId, renderFailure, renderPets, renderResult } from './view.ts';

const DEPRECATION_HEADERS = ['Deprecation', 'Sunset', 'Link'];

/** Runs an action for a button or form, showing a thrown error in the given result box. */
function onClick(id: string, target: HTMLElement, action: () => Promise<void>): void {
  byId(id).addEventListener('click', () => {
    action().catch((error: unknown) => renderFailure(target, error));
  });
}

/** The list panel: status filter, page size, and the `Link` rel="next" pagination. */
function wireList(client: ApiClient): () => Promise<void> {
  const tbody = byId('pets');
  const info = byId('page-info');
  const next = byId<HTMLButtonElement>('next');
  const box = byId('list-result');
  let page = 0;
  let nextUrl: string | undefined;
  const show = async (load: Promise<ApiResult>, firstPage: boolean) => {
    const result = await load;
    box.hidden = result.status < 400;
    if (result.status >= 400) {
      renderResult(box, result);
      return;
    }
    page = firstPage ? 1 : page + 1;
    nextUrl = nextLink(result.headers);
    next.disabled = nextUrl === undefined;
    renderPets(tbody, result.body);
    const count = Array.isArray(result.body) ? result.body.length : 0;
    info.textContent = `page ${page} · ${count} shown${nextUrl ? ' · more follow' : ' · last page'}`;
  };
  const load = () => {
    const status = byId<HTMLSelectElement>('status-filter').value;
    const limit = Number(byId<HTMLSelectElement>('limit').value);
    return show(listPets(client, { status, limit }), true);
  };
  // A failure without a response (network, refused next URL) shows in the list's box.
  const run = (action: () => Promise<void>) => () =>
    action().catch((error: unknown) => {
      box.hidden = false;
      renderFailure(box, error);
    });
  byId('load').addEventListener('click', run(load));
  byId('status-filter').addEventListener('change', run(load));
  byId('next').addEventListener(
    'click',
    run(async () => {
      if (nextUrl) await show(listPage(client, nextUrl), false);
    }),
  );
  return run(load);
}

/** The form's fields as the JSON body: a digit string becomes a number, anything else stays. */
function formFields(form: HTMLFormElement): Record<string, unknown> {
  const data = new FormData(form);
  const fields: Record<string, unknown> = { name: String(data.get('name') ?? '') };
  const category = String(data.get('categoryId') ?? '').trim();
  const asNumber = Number(category);
  fields.categoryId = /^\d+$/.test(category)
    ? Number.isSafeInteger(asNumber)
      ? asNumber
      : BigInt(category)
    : category;
  const status = String(data.get('status') ?? '');
  if (status !== '') fields.status = status;
  return fields;
}

/** Wires every panel and loads the first page of animals. */
export async function wirePanels(client: ApiClient): Promise<void> {
  const reload = wireList(client);
  const form = byId<HTMLFormElement>('create-form');
  const created = byId('create-result');
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    createPet(client, formFields(form))
      .then(async (result) => {
        renderResult(created, result, ['Location']);
        if (result.status === 201) await reload();
      })
      .catch((error: unknown) => renderFailure(created, error));
  });
  const single = byId('get-result');
  onClick('get', single, async () => {
    const id = byId<HTMLInputElement>('pet-id').value.trim();
    renderResult(single, await getPet(client, id), DEPRECATION_HEADERS);
  });
  const errors = byId('error-result');
  onClick('err-401', errors, async () => {
    const result = await listPets(client, {}, { key: 'not-a-valid-key' });
    renderResult(errors, result, ['WWW-Authenticate']);
  });
  onClick('err-400', errors, async () => {
    renderResult(errors, await createPet(client, { name: '   ', categoryId: 'three' }));
  });
  onClick('err-500', errors, async () => {
    renderResult(errors, await listPets(client, {}, { prefer: 'code=500' }));
  });
  await reload();
}
