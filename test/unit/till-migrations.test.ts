/**
 * till.db's migrations, one file each under electron/till/migrations/: the shipped ones still make
 * the schema they made (tables, columns, indexes), the runner still refuses a till.db from a newer
 * version, and 004 (due work) gives the orders open at the upgrade their due work: queued ones a
 * send, open ones a poll, instructions that can still be paid a refresh at their window's end.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrate, NewerDatabaseError, type Db } from '../../electron/platform/db.js';
import { openTillDb, tillMigrations } from '../../electron/till/db.js';
import { tempDataDir } from '../helpers/host.js';

function schemaOf(db: Db): Record<string, string[]> {
  const objects = db
    .prepare("SELECT type, name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name")
    .all() as { type: string; name: string }[];
  const schema: Record<string, string[]> = {};
  for (const { type, name } of objects) {
    schema[name] =
      type === 'table'
        ? (
            db.prepare(`PRAGMA table_info(${name})`).all() as {
              name: string;
              type: string;
              notnull: number;
              dflt_value: string | null;
              pk: number;
            }[]
          ).map((c) =>
            `${c.name} ${c.type}${c.notnull ? ' NOT NULL' : ''}${c.pk ? ' PK' : ''} ${c.dflt_value ?? ''}`.trim(),
          )
        : (db.prepare(`PRAGMA index_info(${name})`).all() as { name: string }[]).map((c) => `index ${c.name}`);
  }
  return schema;
}

describe('till.db migrations', () => {
  it('are numbered 1, 2, 3, ... in order, one per file', () => {
    expect(tillMigrations.map((m) => m.version)).toEqual(tillMigrations.map((_, i) => i + 1));
    expect(tillMigrations.length).toBeGreaterThanOrEqual(4);
  });

  it('the shipped ones (1 to 3) still make exactly the schema they made', () => {
    const db = new Database(':memory:');
    migrate(db, tillMigrations.slice(0, 3));
    expect(schemaOf(db)).toEqual({
      settings: ['key TEXT NOT NULL PK', 'value TEXT NOT NULL'],
      orders: [
        'order_id TEXT NOT NULL PK',
        'trace_id TEXT NOT NULL',
        'payee_id TEXT NOT NULL',
        'quote_asset_id TEXT NOT NULL',
        'quote_symbol TEXT NOT NULL',
        'quote_amount TEXT NOT NULL',
        'payment_asset_id TEXT NOT NULL',
        'is_chain INTEGER NOT NULL',
        'settlement_asset_id TEXT NOT NULL',
        'note TEXT NOT NULL',
        'callback_url TEXT NOT NULL',
        'status TEXT NOT NULL',
        "instruction TEXT NOT NULL ''",
        "transfer_trace TEXT NOT NULL ''",
        "result TEXT NOT NULL ''",
        "mismatch TEXT NOT NULL ''",
        "last_error TEXT NOT NULL ''",
        'created_at INTEGER NOT NULL',
        'updated_at INTEGER NOT NULL',
        'ended_at INTEGER NOT NULL 0',
      ],
      orders_created: ['index created_at'],
      orders_open: ['index status'],
      order_events: [
        'id INTEGER PK',
        'order_id TEXT NOT NULL',
        'at INTEGER NOT NULL',
        'kind TEXT NOT NULL',
        'text TEXT NOT NULL',
      ],
      order_events_order: ['index order_id', 'index id'],
      pin_attempts: [
        'account TEXT NOT NULL PK',
        'failures INTEGER NOT NULL 0',
        'lockouts INTEGER NOT NULL 0',
        'locked_until INTEGER NOT NULL 0',
        'updated_at INTEGER NOT NULL',
      ],
    });
    db.close();
  });

  it('a till.db written by a newer version is refused and left as it was', () => {
    const file = join(tempDataDir('pd-till-newer-'), 'till.db');
    const raw = new Database(file);
    raw.pragma(`user_version = ${tillMigrations.length + 1}`);
    raw.close();
    expect(() => openTillDb(file)).toThrow(NewerDatabaseError);
    const again = new Database(file);
    expect(again.pragma('user_version', { simple: true })).toBe(tillMigrations.length + 1);
    again.close();
  });

  it('004 gives the orders open at the upgrade their due work', () => {
    const file = join(tempDataDir('pd-till-004-'), 'till.db');
    const db = new Database(file);
    migrate(db, tillMigrations.slice(0, 3));
    const insert = db.prepare(
      `INSERT INTO orders (order_id, trace_id, payee_id, quote_asset_id, quote_symbol, quote_amount, payment_asset_id, is_chain,
         settlement_asset_id, note, callback_url, status, instruction, created_at, updated_at)
       VALUES (?, ?, 'p', 'usd', 'USD', '5', 'a', 0, '', '', '', ?, ?, ?, ?)`,
    );
    const instruction = (expire: number) => JSON.stringify({ clientId: 'c', expire, paymentAmount: '5' });
    const orders: [string, string, string][] = [
      ['q-2', 'queued', ''],
      ['q-1', 'queued', ''],
      ['unpaid', 'unpaid', instruction(1_800_000_100)],
      ['short', 'paid_less', instruction(1_800_000_200)],
      ['confirming', 'confirming', instruction(1_800_000_300)],
      ['auditing', 'auditing', instruction(1_800_000_400)],
      ['broken', 'unpaid', '{not json'],
      ['done', 'success', instruction(1_800_000_500)],
      ['lost', 'failed', ''],
    ];
    // q-2 was taken before q-1: sends go in the order orders were taken, not by id.
    orders.forEach(([id, status, text], i) => insert.run(id, `t-${id}`, status, text, i === 0 ? 5 : 10 + i, 10 + i));
    db.close();

    const upgraded = openTillDb(file);
    const rows = upgraded.prepare('SELECT order_id, kind, due_at, gateway_due_at FROM due_work ORDER BY id').all() as {
      order_id: string;
      kind: string;
      due_at: number;
      gateway_due_at: number;
    }[];
    const of = (kind: string) => rows.filter((r) => r.kind === kind);
    expect(of('send').map((r) => r.order_id)).toEqual(['q-2', 'q-1']);
    expect(of('send').every((r) => r.due_at === 0)).toBe(true);
    expect(of('poll').map((r) => r.order_id)).toEqual(['unpaid', 'short', 'confirming', 'auditing', 'broken']);
    expect(of('refresh')).toEqual([
      { order_id: 'unpaid', kind: 'refresh', due_at: 1_800_000_100_000, gateway_due_at: 1_800_000_100_000 },
      { order_id: 'short', kind: 'refresh', due_at: 1_800_000_200_000, gateway_due_at: 1_800_000_200_000 },
    ]);
    // Ended orders owe nothing.
    expect(rows.some((r) => r.order_id === 'done' || r.order_id === 'lost')).toBe(false);
    expect(upgraded.pragma('user_version', { simple: true })).toBe(tillMigrations.length);
    upgraded.close();
  });

  it('005 caps a stored paymentAmount at the amount due, leaving the surplus and other results alone', () => {
    const file = join(tempDataDir('pd-till-005-'), 'till.db');
    const db = new Database(file);
    migrate(db, tillMigrations.slice(0, 4));
    const insert = db.prepare(
      `INSERT INTO orders (order_id, trace_id, payee_id, quote_asset_id, quote_symbol, quote_amount, payment_asset_id, is_chain,
         settlement_asset_id, note, callback_url, status, result, created_at, updated_at)
       VALUES (?, ?, 'p', 'usd', 'USD', '10', 'a', 1, '', '', '', 'success', ?, 1, 1)`,
    );
    const result = (paymentAmount: string, payableAmount: string, surplusAmount: string) =>
      JSON.stringify({ status: 'success', paymentAmount, payableAmount, surplusAmount, txid: 'x' });
    const before: [string, string][] = [
      ['crossed', result('15', '10', '5')], // the double count: 15 + 5 for 15 sent
      ['exact', result('10', '10', '0')],
      ['short', result('4', '10', '0')],
      ['open-amount', result('7.5', '0', '0')],
      ['decimals', result('10.000001', '10.0', '0.000001')],
      ['none', ''],
      ['broken', '{not json'],
    ];
    before.forEach(([id, text]) => insert.run(id, `t-${id}`, text));
    db.close();

    const upgraded = openTillDb(file);
    const stored = Object.fromEntries(
      (upgraded.prepare('SELECT order_id, result FROM orders').all() as { order_id: string; result: string }[]).map(
        (r) => [r.order_id, r.result],
      ),
    );
    expect(JSON.parse(stored.crossed!)).toEqual({
      status: 'success',
      paymentAmount: '10',
      payableAmount: '10',
      surplusAmount: '5',
      txid: 'x',
    });
    expect(JSON.parse(stored.decimals!)).toMatchObject({ paymentAmount: '10.0', surplusAmount: '0.000001' });
    for (const id of ['exact', 'short', 'open-amount', 'none', 'broken'])
      expect(stored[id], id).toBe(before.find(([o]) => o === id)![1]);
    upgraded.close();
  });
});
