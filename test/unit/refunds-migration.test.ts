/**
 * Data migration 10 of gateway.db: a database at version 9 with callback deliveries and their
 * attempts is opened by this version; every row is kept (the outbox tables are rebuilt to learn the
 * `refund` event), the foreign key from attempts to deliveries still holds, and refunds can be stored.
 * Real SQLite file.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { gatewayMigrations, openGatewayDb } from '../../electron/gateway/db.js';
import { openDatabase } from '../../electron/platform/db.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('gateway.db migration 10 (refunds)', () => {
  it('keeps every callback delivery and attempt, and accepts the refund event afterwards', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pd-gw-m10-'));
    dirs.push(dir);
    const file = join(dir, 'gateway.db');
    const old = openDatabase({ file, migrations: gatewayMigrations.slice(0, 9) });
    expect(old.pragma('user_version', { simple: true })).toBe(9);
    const insert = old.prepare(
      `INSERT INTO callback_deliveries (delivery_id, trace_id, event, url, origin, body, status, attempts_made, next_attempt_at, created_at, updated_at)
       VALUES (?, 'trace-1', ?, 'https://shop.example/cb', 'https://shop.example', '{}', ?, ?, ?, 1, 2)`,
    );
    insert.run('d-1', 'success', 'delivered', 1, null);
    insert.run('d-2', 'paid_less', 'pending', 2, 5000);
    old
      .prepare(
        "INSERT INTO callback_attempts VALUES ('d-1', 1, 10, 200, 5, '', 'ok'), ('d-2', 1, 11, 500, 7, 'boom', '')",
      )
      .run();
    expect(() => insert.run('d-3', 'refund', 'pending', 0, 1)).toThrow(/CHECK/);
    old.close();

    const db = openGatewayDb(file);
    expect(db.pragma('user_version', { simple: true })).toBe(gatewayMigrations.length);
    expect(
      db
        .prepare(
          'SELECT delivery_id, event, status, attempts_made, next_attempt_at FROM callback_deliveries ORDER BY delivery_id',
        )
        .all(),
    ).toEqual([
      { delivery_id: 'd-1', event: 'success', status: 'delivered', attempts_made: 1, next_attempt_at: null },
      { delivery_id: 'd-2', event: 'paid_less', status: 'pending', attempts_made: 2, next_attempt_at: 5000 },
    ]);
    expect(
      db.prepare('SELECT delivery_id, n, http_status, error FROM callback_attempts ORDER BY delivery_id').all(),
    ).toEqual([
      { delivery_id: 'd-1', n: 1, http_status: 200, error: '' },
      { delivery_id: 'd-2', n: 1, http_status: 500, error: 'boom' },
    ]);
    expect(db.pragma('foreign_key_check')).toEqual([]);
    expect(() =>
      db.prepare("INSERT INTO callback_attempts VALUES ('no-such-delivery', 1, 1, 1, 1, '', '')").run(),
    ).toThrow(/FOREIGN KEY/);
    db.prepare(
      `INSERT INTO callback_deliveries (delivery_id, trace_id, event, url, origin, body, status, created_at, updated_at)
       VALUES ('d-3', 'trace-1', 'refund', 'https://shop.example/cb', 'https://shop.example', '{}', 'pending', 3, 3)`,
    ).run();
    const indexes = db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'callback_deliveries' AND sql IS NOT NULL ORDER BY name",
      )
      .pluck()
      .all();
    expect(indexes).toEqual(['callback_deliveries_due', 'callback_deliveries_origin_due', 'callback_deliveries_trace']);
    db.close();
  });
});
