/** Drives the demo page in the browser suite: open it in a mode, click, read results. */
import type { Browser, Page, Response } from 'playwright-core';

/** An opened demo page with every response it received, every uncaught page error and console line. */
export type DemoPage = {
  page: Page;
  responses: Response[];
  errors: string[];
  console: string[];
  close(): Promise<void>;
};

/** Opens the demo at `url` in a fresh browser context and waits until its panels are wired. */
export async function openDemo(browser: Browser, url: string): Promise<DemoPage> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  const page = await context.newPage();
  const responses: Response[] = [];
  const errors: string[] = [];
  const lines: string[] = [];
  page.on('response', (response) => responses.push(response));
  page.on('console', (message) => lines.push(message.text()));
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(url);
  await page.waitForSelector('body[data-ready]', { timeout: 20_000 });
  if ((await page.getAttribute('body', 'data-ready')) === 'failed') {
    throw new Error(`the demo failed to start: ${await page.textContent('#list-result')}`);
  }
  return { page, responses, errors, console: lines, close: () => context.close() };
}

/** The rows of the pets table as [id, name, categoryId, status]. */
export function petRows(page: Page): Promise<string[][]> {
  return page.$$eval('#pets tr', (rows) =>
    rows.map((row) => Array.from(row.querySelectorAll('td'), (cell) => cell.textContent ?? '')),
  );
}

/** Clicks `button` and waits for `result` to show a new response; returns its status and text. */
export async function clickAndRead(page: Page, button: string, result: string) {
  await page.$eval(result, (element) => {
    delete (element as HTMLElement).dataset.status;
  });
  await page.click(button);
  const shown = await page.waitForSelector(`${result}[data-status]`, { timeout: 10_000 });
  return {
    status: await shown.getAttribute('data-status'),
    text: (await shown.textContent()) ?? '',
  };
}

/** Waits until every row of the pets table has `status` and the page info says `page N`. */
export async function waitForPage(page: Page, pageNumber: number, status: string): Promise<void> {
  await page.waitForFunction(
    ([n, wanted]) => {
      const info = document.getElementById('page-info')?.textContent ?? '';
      const cells = Array.from(document.querySelectorAll('#pets td:nth-child(4)'));
      return (
        info.startsWith(`page ${n} `) &&
        cells.length > 0 &&
        cells.every((c) => c.textContent === wanted)
      );
    },
    [pageNumber, status] as const,
    { timeout: 10_000 },
  );
}
