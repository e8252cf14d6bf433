import { expect, test } from './fixtures.ts';

test('lists the available animals in the order the API gives them', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('#animals li')).toHaveCount(14);
  await expect(page.locator('#animals li').first()).toHaveText('Hazel');
});

test('adds an animal, which the backend makes available', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('#animals li')).toHaveCount(14);
  await page.getByLabel('Name').fill('Biscuit');
  await page.getByRole('button', { name: 'Add' }).click();
  await expect(page.locator('#added')).toHaveText('Biscuit is available');
  await page.getByRole('link', { name: 'Biscuit' }).click();
  await expect(page.locator('#detail')).toHaveText('Biscuit, available');
});
