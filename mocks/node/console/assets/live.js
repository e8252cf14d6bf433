// The live feed (GET /__mock/events, server-sent events): lines of requests and notes of
// control changes. The browser reconnects by itself after a lost connection; a stream the
// mock refused or closed for good (it was stopping) is opened again here, backing off to 10 s.
import { byId } from './dom.js';

const status = byId('live');

function say(text, state) {
  status.textContent = text;
  status.dataset.state = state;
}

/**
 * Follows the feed: `onHello(hello, restarted)` on every connection (`restarted` when the mock
 * is another process than before), `onFeed(batch)` for each batch.
 */
export function follow({ onHello, onFeed }) {
  let boot;
  let wait = 1000;
  let since;
  const open = () => {
    const source = new EventSource('/__mock/events');
    source.addEventListener('hello', (event) => {
      const hello = JSON.parse(event.data);
      const restarted = boot !== undefined && hello.boot !== boot;
      boot = hello.boot;
      wait = 1000;
      since = new Date();
      say(
        restarted
          ? `Live: the mock restarted at ${since.toLocaleTimeString()}; its sessions and data started afresh.`
          : 'Live: requests appear as the mock answers them.',
        'live',
      );
      onHello(hello, restarted);
    });
    source.addEventListener('feed', (event) => onFeed(JSON.parse(event.data)));
    source.addEventListener('error', () => {
      say('Reconnecting: the mock does not answer (stopped or restarting)…', 'reconnecting');
      if (source.readyState !== EventSource.CLOSED) return;
      setTimeout(open, wait);
      wait = Math.min(wait * 2, 10_000);
    });
  };
  open();
}
