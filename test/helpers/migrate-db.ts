/** What the migrate-db tests share: the command, the server's printed merchant key, a stopped till's data. */
import { execFileSync } from 'node:child_process';
import { expect } from 'vitest';
import { SHOP, startGateway, USDT } from './gateway.js';
import { repoRoot } from './host.js';
import { runCommand } from './run-command.js';

export const migrateDb = (args: string[]) => runCommand(process.execPath, ['scripts/migrate-db.mjs', ...args]);

/** The merchant key of the server on `url`, as `server --print-merchant-key` prints it. */
export const printedKey = (url: string): string =>
  execFileSync(process.execPath, ['dist/electron/server.js', '--print-merchant-key'], {
    cwd: repoRoot,
    env: { ...process.env, PAYDESK_DATABASE_URL: url },
    encoding: 'utf8',
  }).trim();

/** A till's data directory: its embedded gateway took one payment, then it was stopped. */
export async function tillData(): Promise<{ dataDir: string; merchantKey: string }> {
  const gw = await startGateway();
  const made = await gw.post('/v1/payments', {
    payeeId: SHOP,
    orderId: 'before-the-move',
    quoteAssetId: 'usd',
    quoteAmount: '3',
    paymentAssetId: USDT,
  });
  expect(made.body.success, JSON.stringify(made.body)).toBe(true);
  await gw.close();
  return { dataDir: gw.dataDir, merchantKey: gw.merchantKey };
}
