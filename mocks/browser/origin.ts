/** Which origin the page's service worker answers for: its own, or the API base URL it is given. */
import { BASE_PATH } from '../../spec/constants.ts';

/**
 * The origin the worker answers: `baseUrl`'s (which must end in the API's base path), else
 * `origin`, else the page's own. Never every origin: a page that runs the worker must still
 * reach the standalone mock and a real backend.
 */
export function answeredOrigin(options: { baseUrl?: string; origin?: string }): string {
  const page = (globalThis as { location?: { href: string; origin: string } }).location;
  if (options.baseUrl !== undefined) {
    const url = new URL(options.baseUrl, page?.href);
    if (url.pathname.replace(/\/+$/, '') !== BASE_PATH)
      throw new Error(
        `startWorker: baseUrl must end in ${BASE_PATH}, the API's base path, got ${options.baseUrl}`,
      );
    return url.origin;
  }
  const origin = options.origin ?? page?.origin;
  if (origin === undefined)
    throw new Error('startWorker runs in a page: give it a baseUrl outside one');
  return origin;
}
