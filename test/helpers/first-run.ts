/**
 * First-run Setup through the till's screen, as a new shop does it: the demo shop's network id looked
 * up, saved, and the Charge screen shown. For e2e tests whose subject comes after Setup.
 */
import type { Page } from 'playwright-core';

export async function setUpDemoShop(till: Page, url: string): Promise<void> {
  await till.goto(url);
  await till.getByRole('heading', { name: 'Set up the shop' }).waitFor({ timeout: 15_000 });
  await till.getByLabel('Shop network id').fill('7000101');
  await till.getByRole('button', { name: 'Look up' }).click();
  await till.getByText('Found: Corner Café (demo shop)').waitFor();
  await till.getByRole('button', { name: 'Save' }).click();
  // The Charge screen's own button, in <main>: the navigation's Charge tab is on the page (switched off)
  // already during first-run Setup, so waiting for "a Charge button" returned while Save was still on its
  // way, and the amount a test typed next went to the Setup screen (lost).
  await till.locator('main').getByRole('button', { name: 'Charge', exact: true }).waitFor();
}
