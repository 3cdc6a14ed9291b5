/**
 * The upgrade to staff accounts (till.db migrations 6 to 8) on a till.db made by the previous schema
 * (migrations 1 to 4) with its single owner PIN and an order: the PIN becomes the owner account's, its
 * lockout rows still apply, old orders have no cashier, and the started app signs the owner in with the
 * same PIN. A till that never set an owner PIN gets no account (it stays open until Setup makes one).
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dispatchPosCommand } from '../../electron/bridge/dispatch.js';
import { startCore } from '../../electron/compose.js';
import { migrate } from '../../electron/platform/db.js';
import { silentLogger } from '../../electron/platform/logger.js';
import { tillMigrations } from '../../electron/till/db.js';
import { hashPin } from '../../electron/till/owner/pin-guard.js';
import { tempDataDir } from '../helpers/host.js';

/** A data directory with a till.db as the version before staff accounts left it. */
function previousTill(ownerPinHash: string): string {
  const dataDir = tempDataDir('pd-upgrade-');
  const db = new Database(join(dataDir, 'till.db'));
  migrate(db, tillMigrations.slice(0, 4));
  const settings = { shopName: 'Corner Café', payee: null, ownerPinHash, timeZone: 'UTC' };
  db.prepare("INSERT INTO settings (key, value) VALUES ('till', ?)").run(JSON.stringify(settings));
  db.prepare(
    `INSERT INTO orders (order_id, trace_id, payee_id, quote_asset_id, quote_symbol, quote_amount, payment_asset_id,
       is_chain, settlement_asset_id, note, callback_url, status, created_at, updated_at)
     VALUES ('pd-old-1', 'trace-old-1', 'p', 'usd', 'USD', '5', 'a', 0, '', '', '', 'failed', 1, 1)`,
  ).run();
  db.prepare(
    'INSERT INTO pin_attempts (account, failures, lockouts, locked_until, updated_at) VALUES (?, 4, 0, 0, ?)',
  ).run('owner', Date.now());
  expect(db.pragma('user_version', { simple: true })).toBe(4);
  db.close();
  return dataDir;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('upgrade of an existing till.db to staff accounts', () => {
  it('makes the single owner PIN an owner account; nothing else changes', async () => {
    const hash = hashPin('2468');
    const dataDir = previousTill(hash);
    const core = await startCore({ dataDir, shell: 'host', port: 0, logger: silentLogger });
    const call = async (command: string, args: unknown = {}) => {
      const outcome = await dispatchPosCommand(core.pos, command, args, silentLogger);
      if (!outcome.ok) throw Object.assign(new Error(outcome.error.message), outcome.error);
      return outcome.result as any;
    };
    try {
      const db = new Database(join(dataDir, 'till.db'), { readonly: true });
      expect(db.pragma('user_version', { simple: true })).toBe(tillMigrations.length);
      expect(db.prepare('SELECT account_id, name, role, pin_hash, active FROM staff').all()).toEqual([
        { account_id: 'owner', name: 'Owner', role: 'owner', pin_hash: hash, active: 1 },
      ]);
      expect(
        db.prepare("SELECT cashier_id, cashier_name, status FROM orders WHERE order_id = 'pd-old-1'").get(),
      ).toEqual({
        cashier_id: '',
        cashier_name: '',
        status: 'failed',
      });
      db.close();
      expect(await call('settings.get')).toMatchObject({
        shopName: 'Corner Café',
        ownerPinSet: true,
        idleLockMinutes: 5,
      });
      // Gated now, as the owner PIN gated Setup before.
      await expect(call('owner.day')).rejects.toMatchObject({ code: 'signed_out' });
      // Four wrong PINs were counted before the upgrade, under the same account: the fifth locks it.
      await expect(call('staff.signIn', { accountId: 'owner', pin: '1111' })).rejects.toMatchObject({
        code: 'account_locked',
      });
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 61_000);
      expect(await call('staff.signIn', { accountId: 'owner', pin: '2468' })).toMatchObject({ role: 'owner' });
      vi.useRealTimers();
      expect((await call('staff.roster')).map((r: any) => r.name)).toEqual(['Owner']);
    } finally {
      await core.close();
    }
  });

  it('a till that never set an owner PIN gets no account and stays open until Setup makes the owner', async () => {
    const dataDir = previousTill('');
    const core = await startCore({ dataDir, shell: 'host', port: 0, logger: silentLogger });
    try {
      const db = new Database(join(dataDir, 'till.db'), { readonly: true });
      expect(db.prepare('SELECT count(*) AS n FROM staff').get()).toEqual({ n: 0 });
      db.close();
      const day = await dispatchPosCommand(core.pos, 'owner.day', {}, silentLogger);
      expect(day.ok).toBe(true);
    } finally {
      await core.close();
    }
  });
});
