/**
 * gateway.db's migrations (docs/architecture.md, "Persistence and migrations"): one numbered file per
 * version under electron/gateway/migrations/, listed in order; a shipped migration is never edited
 * (the schema each version leaves is pinned to what it left when it shipped); and a database of an
 * older version keeps its rows when this version opens it. The one data migration (8) has its own
 * test (surplus-migration.test.ts).
 */
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { gatewayMigrations, openGatewayDb } from '../../electron/gateway/db.js';
import { openDatabase, type Migration } from '../../electron/platform/db.js';

const FOLDER = join(import.meta.dirname, '../../electron/gateway/migrations');

/** sha256 of sqlite_master after each version, taken from the migrations as they shipped. */
const SHIPPED_SCHEMA: Record<number, string> = {
  1: 'e971cefe1188dab472a41ad96070e2852f2c2bc26c9a6ba39615e6600bf37e52',
  2: '2601e64603e525bb779de8f16ef8d6461c8aaa52a8ff2358d4ca28e40443b1a0',
  3: '61b6951466b5bb6ff27426f98aed7b7aa0a00fee17d7942e5a551be479d654e0',
  4: 'c29b768ceb8d5a115568fd800f6086306301e49c4dd90b528b707d28548fd927',
  5: '04b8799b346e09f4c88a9860d0c05458d6d2b582edd1234f3566485ca69e02ef',
  6: '90b6e020be517b4071a4b7904166d6aed46f8ffb304f3f3b3230f72203d94abb',
  7: '4c1b1780a1f39079f1e3867bbca0144f8fea9bed7c83822cc9ae657b6bbcc7c8',
  8: '4c1b1780a1f39079f1e3867bbca0144f8fea9bed7c83822cc9ae657b6bbcc7c8',
  9: '8c71358c32b13f8752dda659a7c8adb44e042ea725503e366540f049731406d0',
  10: '96077eb91337b1ba11b7f18081e1abb744fdf36c48169c7637c03cde47e7ef07',
  11: '3dfc349c4d639356e2565cd514a2e4bb3143bcb9904e11bd3bfb85f6649342aa',
  12: '5991a9cb0558c8f2bf940817b0e75ed17e42b18e257c4af172cf96541b868a26',
  13: '5991a9cb0558c8f2bf940817b0e75ed17e42b18e257c4af172cf96541b868a26', // nothing on SQLite (PostgreSQL drops keys)
  14: '7f6926fd6dfbbcbce01c969e8b46ed9543fcdcd5ad27e0240b3987a396df1345', // no instructions_trace; events without AUTOINCREMENT
};

function schemaHash(db: Database.Database): string {
  const rows = db
    .prepare("SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name")
    .all();
  return createHash('sha256').update(JSON.stringify(rows)).digest('hex');
}

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));
function tempFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pd-gw-migrations-'));
  dirs.push(dir);
  return join(dir, 'gateway.db');
}

describe('gateway.db migrations', () => {
  it('are one numbered file per version, listed in order', async () => {
    const files = readdirSync(FOLDER)
      .filter((name) => /^\d{3}-.+\.ts$/.test(name))
      .sort();
    expect(files.length).toBe(gatewayMigrations.length);
    for (const [i, file] of files.entries()) {
      expect(file.startsWith(String(i + 1).padStart(3, '0'))).toBe(true);
      const exported = Object.values(await import(join(FOLDER, file))).filter(
        (value): value is Migration => typeof value === 'object' && value !== null && 'up' in value,
      );
      expect(exported, file).toHaveLength(1);
      expect(exported[0]!.version, file).toBe(i + 1);
      expect(gatewayMigrations[i], file).toBe(exported[0]);
    }
  });

  it('leave exactly the schema each version shipped with', () => {
    const db = new Database(':memory:');
    for (const migration of gatewayMigrations) {
      db.transaction(() => migration.up(db))();
      expect(schemaHash(db), `after version ${migration.version}`).toBe(SHIPPED_SCHEMA[migration.version]);
    }
    expect(Object.keys(SHIPPED_SCHEMA)).toHaveLength(gatewayMigrations.length);
    db.close();
  });

  it('keep the rows of a version-2 database when this version opens it; new columns start at their defaults', () => {
    const file = tempFile();
    const old = openDatabase({ file, migrations: gatewayMigrations.slice(0, 2) });
    old
      .prepare("INSERT INTO payees (payee_id, network_id, full_name, created_at) VALUES ('p-1', '7000101', 'Shop', 5)")
      .run();
    old
      .prepare(
        `INSERT INTO payments (trace_id, payee_id, order_id, quote_asset_id, quote_amount, fixed_payment_amount,
           settlement_asset_id, strict_mode, payment_asset_id, is_chain, remark, note, settlement_memo, return_to,
           failed_return_to, callback_url, callback_events, expired_at, is_one_time, code_expires_at, review_required,
           quote_usd_value, current_client_id, created_at, updated_at, status, payable_amount)
         VALUES ('t-1', 'p-1', 'order-1', 'usd', '12.5', '', '', 0, 'asset-1', 1, 'kept', '', '', '', '', '', '', 99, 0, 0,
           0, '12.5', 'c-1', 1, 2, 'confirming', '12.5')`,
      )
      .run();
    old.close();
    const db = openGatewayDb(file);
    expect(db.pragma('user_version', { simple: true })).toBe(gatewayMigrations.length);
    expect(db.prepare("SELECT * FROM payments WHERE trace_id = 't-1'").get()).toMatchObject({
      order_id: 'order-1',
      remark: 'kept',
      status: 'confirming',
      payable_amount: '12.5',
      expired_at: 99,
      settle_due_at: 0,
      deadline_passed: 0,
      surplus_amount: '0',
      surplus_status: 'no',
    });
    expect(db.prepare('SELECT count(*) AS n FROM payees').get()).toEqual({ n: 1 });
    db.close();
  });
});
