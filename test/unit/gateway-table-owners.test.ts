/**
 * Each gateway.db table has one owning module (docs/architecture.md, "Persistence and migrations"):
 * only it holds SQL that reads or writes the table; every other module calls it. Migrations are
 * exempt (they are frozen SQL of their time). A new table must be given an owner here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openGatewayDb } from '../../electron/gateway/db.js';

const ROOT = join(import.meta.dirname, '../../electron/gateway');

const OWNERS: Record<string, string> = {
  meta: 'db.ts',
  networks: 'catalog.ts',
  assets: 'catalog.ts',
  fiat_currencies: 'catalog.ts',
  crypto_quote_assets: 'catalog.ts',
  rates: 'rates.ts',
  payees: 'payees.ts',
  payments: 'payments/store.ts',
  instructions: 'payments/store.ts',
  deposit_addresses: 'payments/store.ts',
  payment_events: 'payments/store.ts',
  callback_deliveries: 'callbacks/store.ts',
  callback_attempts: 'callbacks/store.ts',
  transactions: 'results/ledger.ts',
  sandbox_chains: 'rails/sandbox/chains.ts',
  evm_blocks: 'rails/evm/blocks.ts',
  price_observations: 'prices/store.ts',
  price_source_health: 'prices/store.ts',
  refunds: 'refunds/store.ts',
  tills: 'tills/store.ts',
};

/**
 * Whole-database tools, exempt like migrations: migrate-db copies and checks every table alike
 * (and refuses a target that already holds payments), it runs no domain query of its own.
 */
const WHOLE_DATABASE_TOOLS = ['store/postgres/migrate-db.ts'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

describe('gateway.db tables', () => {
  it('are each queried by exactly one module, their owner', () => {
    const db = openGatewayDb(':memory:');
    const tables = (
      db
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
        .pluck()
        .all() as string[]
    ).sort();
    db.close();
    expect(tables).toEqual(Object.keys(OWNERS).sort());
    const sources = sourceFiles(ROOT)
      .map((file) => ({ file: relative(ROOT, file), text: readFileSync(file, 'utf8') }))
      .filter((source) => !WHOLE_DATABASE_TOOLS.includes(source.file));
    for (const table of tables) {
      const sql = new RegExp(`\\b(FROM|INTO|UPDATE|JOIN|TABLE)\\s+${table}\\b`);
      const users = sources.filter((source) => sql.test(source.text)).map((source) => source.file);
      expect(users, table).toEqual([OWNERS[table]]);
    }
  });
});
