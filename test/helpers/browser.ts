/**
 * Browser end-to-end runs: playwright-core driving Debian's Chromium (never a downloaded one).
 * Where no Chromium is found the e2e suites report one "skipped: no Chromium" line, unless
 * E2E=required (as .ci/run sets), which makes a missing browser a failure.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { repoRoot } from './host.js';

const CANDIDATES = [
  process.env.CHROMIUM_PATH,
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
].filter((p): p is string => !!p);

export function findChromium(): string | undefined {
  return CANDIDATES.find((p) => existsSync(p));
}

let reported = false;
/** True when e2e can run; prints the skip line once when it cannot and it is allowed to skip. */
export function e2eAvailable(): boolean {
  const found = findChromium();
  if (found) return true;
  if (process.env.E2E === 'required')
    throw new Error('E2E=required but no Chromium was found (apt-get install chromium)');
  if (!reported) {
    reported = true;
    process.stdout.write('skipped: no Chromium\n');
  }
  return false;
}

export async function launchBrowser(): Promise<Browser> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('no Chromium');
  return chromium.launch({
    executablePath,
    headless: true,
    // playwright gives each launch a fresh profile of its own (it refuses --user-data-dir here).
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

export const resultsDir = join(repoRoot, 'test-results');

/** Saves a screenshot of the current screen under test-results/<name>.png and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(resultsDir, { recursive: true });
  const file = join(resultsDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
