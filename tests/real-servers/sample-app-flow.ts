/**
 * A user's visit to the sample app in Chromium (tests/package/sample-app/src/main.js): load the
 * list, add an animal, see the list again, refresh it, switch to the sold ones. It clicks and types as a
 * person does and, after each list the app asks for, waits until the page shows that answer
 * (its names, or its alert), so it finishes against a service that answers wrongly too and
 * the test judges what the page showed.
 */
import type { Browser, Page, Response } from 'playwright-core';

/** The page once it settled on a list answer: the names listed, the alert, the answer. */
export type PageState = {
  status: number;
  /** The names the answer held (undefined when it was no JSON array). */
  answered: string[] | undefined;
  names: string[];
  alert: string | undefined;
  /** Whether the page came to show the answer's names, or an alert, in time. */
  settled: boolean;
};

/** What the visit saw at each step, and the status of the creation. */
export type Visit = {
  loaded: PageState;
  created: number;
  added: PageState;
  refreshed: PageState;
  sold: PageState;
};

const WAIT_MS = 20_000;

const pathOf = (response: Response) => {
  const url = new URL(response.url());
  return `${url.pathname}${url.search}`;
};

/** The next answer to `method` on the API whose path and query start with `/v1` + `path`. */
const answerTo = (page: Page, method: string, path: string) =>
  page.waitForResponse(
    (r) => r.request().method() === method && pathOf(r).startsWith(`/v1${path}`),
    { timeout: WAIT_MS },
  );

function namesIn(text: string): string[] | undefined {
  try {
    const list = JSON.parse(text) as unknown;
    if (!Array.isArray(list)) return undefined;
    return list.map((pet) => String((pet as { name?: unknown } | null)?.name ?? ''));
  } catch {
    return undefined;
  }
}

/** Waits until the page shows `answer` (its names, or an alert when it was not a 2xx list). */
async function settleOn(page: Page, answer: Response): Promise<PageState> {
  const status = answer.status();
  const answered = namesIn(await answer.text());
  const shows = answer.ok() && answered !== undefined ? answered : undefined;
  const settled = await page
    .waitForFunction(
      (names) => {
        const alert = document.querySelector('[role="alert"]');
        if (names === undefined) return alert !== null;
        const listed = [...document.querySelectorAll('li')].map((li) => li.textContent);
        return alert === null && JSON.stringify(listed) === JSON.stringify(names);
      },
      shows,
      { timeout: WAIT_MS },
    )
    .then(
      () => true,
      () => false,
    );
  const alert = page.getByRole('alert');
  return {
    status,
    answered,
    names: await page.getByRole('listitem').allTextContents(),
    alert: (await alert.count()) > 0 ? ((await alert.textContent()) ?? '') : undefined,
    settled,
  };
}

/** Visits the app at `url` in a page of its own, adding an animal called `name`. */
export async function visitSampleApp(browser: Browser, url: string, name: string): Promise<Visit> {
  const page = await browser.newPage();
  try {
    const firstList = answerTo(page, 'GET', '/pets?status=available');
    await page.goto(url);
    const loaded = await settleOn(page, await firstList);

    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Category').fill('2');
    const creation = answerTo(page, 'POST', '/pets');
    // Asked for once the creation's answer is in (the app refreshes its list on a 2xx).
    const relisted = creation.then((answer) =>
      answer.ok() ? answerTo(page, 'GET', '/pets?status=available') : undefined,
    );
    await page.getByRole('button', { name: 'Add' }).click();
    const created = (await creation).status();
    const relist = await relisted;
    const added = relist ? await settleOn(page, relist) : await settleOnAlert(page, created);

    // The same list again: a service that tags its answers (Express's ETag) may answer the
    // browser's revalidation 304, which the app reads as the 200 it has.
    const again = answerTo(page, 'GET', '/pets?status=available');
    await page.getByRole('button', { name: 'Refresh' }).click();
    const refreshed = await settleOn(page, await again);

    const soldList = answerTo(page, 'GET', '/pets?status=sold');
    await page.getByRole('button', { name: 'Show sold' }).click();
    const sold = await settleOn(page, await soldList);
    return { loaded, created, added, refreshed, sold };
  } finally {
    await page.close();
  }
}

/** The page after a creation the app refused to list after (it shows an alert instead). */
async function settleOnAlert(page: Page, status: number): Promise<PageState> {
  const alert = page.getByRole('alert');
  const settled = await alert.waitFor({ timeout: WAIT_MS }).then(
    () => true,
    () => false,
  );
  return {
    status,
    answered: undefined,
    names: await page.getByRole('listitem').allTextContents(),
    alert: settled ? ((await alert.textContent()) ?? '') : undefined,
    settled,
  };
}
