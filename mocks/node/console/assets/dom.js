// Small DOM helpers for the console. Every value goes in as text (textContent), never as
// HTML: names, headers and bodies are whatever a client sent.

/** The element with this id (null when the page has no such panel in its mode). */
export const byId = (id) => document.getElementById(id);

/** An element with properties (`class`, `on…` listeners, attributes) and text or element children. */
export function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === 'class') node.className = value;
    else if (key.startsWith('on')) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? '' : String(value));
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

/** What names a control across a re-render: its row's key and its own id, label or text. */
const identity = (node) =>
  `${node.closest('[data-key]')?.dataset.key ?? ''}|${node.id || node.getAttribute('aria-label') || node.textContent}`;

/**
 * Replaces a container's children, and gives the focus back to the same control in the new
 * ones: a live panel re-renders while a keyboard user is on one of its buttons.
 */
export function replaceKeepingFocus(container, children) {
  const active = document.activeElement;
  const focused = active !== null && container.contains(active) ? identity(active) : undefined;
  container.replaceChildren(...children);
  if (focused === undefined) return;
  for (const node of container.querySelectorAll('button, a, input, select')) {
    if (identity(node) === focused) return node.focus();
  }
}

/** A table row of text cells. */
export const row = (...cells) => el('tr', {}, ...cells.map((cell) => el('td', {}, cell)));

/**
 * Runs `task` at most once every `ms` milliseconds however often it is asked, the last ask
 * included; a run still going is never doubled.
 */
export function throttle(task, ms) {
  let timer;
  let running = false;
  let again = false;
  const run = async () => {
    timer = undefined;
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      await task();
    } catch {
      // Each task says its own failure on the page.
    } finally {
      running = false;
      if (again) {
        again = false;
        ask();
      }
    }
  };
  const ask = () => {
    if (timer === undefined) timer = setTimeout(run, ms);
  };
  return ask;
}
