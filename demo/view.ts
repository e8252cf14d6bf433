/**
 * DOM rendering for the demo. Every value from the API goes in through textContent,
 * never as HTML: pet names are whatever a client sent.
 */
import type { ApiResult } from './api.ts';

/** Finds an element by id, failing loudly when the page and the script disagree. */
export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const element = document.getElementById(id);
  if (!element) throw new Error(`demo page has no element #${id}`);
  return element as T;
}

function element(tag: string, text: string, className?: string): HTMLElement {
  const node = document.createElement(tag);
  node.textContent = text;
  if (className) node.className = className;
  return node;
}

const field = (value: unknown, key: string): string => {
  if (typeof value !== 'object' || value === null) return '';
  const item = (value as Record<string, unknown>)[key];
  return item === undefined ? '' : String(item);
};

/** Fills the pets table body with one row per animal. */
export function renderPets(tbody: HTMLElement, pets: unknown): void {
  const rows = (Array.isArray(pets) ? pets : []).map((pet) => {
    const row = document.createElement('tr');
    for (const key of ['id', 'name', 'categoryId', 'status']) {
      row.append(
        element('td', field(pet, key), key === 'status' ? `status-${field(pet, key)}` : ''),
      );
    }
    return row;
  });
  tbody.replaceChildren(...rows);
}

/** Shows a date header such as `Deprecation: @1795305600` with its calendar date. */
function describeHeader(value: string): string {
  const seconds = /^@(\d+)$/.exec(value)?.[1];
  return seconds ? `${value} (${new Date(Number(seconds) * 1000).toUTCString()})` : value;
}

/**
 * Shows one response: the request line and status, the Error object for a failure or
 * the animal for a success, and the named headers that are present.
 */
export function renderResult(target: HTMLElement, result: ApiResult, headerNames: string[] = []) {
  const ok = result.status < 400;
  const path = new URL(result.url).pathname + new URL(result.url).search;
  const parts: HTMLElement[] = [
    element('div', `${result.method} ${path} → ${result.status}`, 'request-line'),
  ];
  if (ok) {
    parts.push(
      element('div', `#${field(result.body, 'id')} ${field(result.body, 'name')}`, 'pet-line'),
    );
    parts.push(
      element(
        'div',
        `category ${field(result.body, 'categoryId')} · ${field(result.body, 'status')}`,
        'pet-detail',
      ),
    );
  } else {
    parts.push(element('div', field(result.body, 'code') || 'error', 'error-code'));
    parts.push(element('div', field(result.body, 'message') || String(result.body), 'message'));
  }
  const list = document.createElement('dl');
  for (const name of headerNames) {
    const value = result.headers.get(name);
    if (value === null) continue;
    list.append(element('dt', name), element('dd', describeHeader(value)));
  }
  if (list.childElementCount > 0) parts.push(list);
  target.className = `result ${ok ? 'ok' : 'error'}`;
  target.dataset.status = String(result.status);
  target.replaceChildren(...parts);
}

/** Shows a failure that never became an HTTP response (network error, refused URL). */
export function renderFailure(target: HTMLElement, error: unknown): void {
  target.className = 'result error';
  target.dataset.status = 'network';
  target.replaceChildren(
    element('div', 'no response', 'error-code'),
    element('div', error instanceof Error ? error.message : String(error), 'message'),
  );
}
