/**
 * The audit log's hash chain on a real till.db file: rows link to the previous one by SHA-256, and
 * verification finds a row edited outside the app, a row deleted from the middle, the newest rows
 * deleted, and a chain rewritten from an edited row onwards without the head.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../electron/platform/clock.js';
import { AuditLog, auditHash } from '../../electron/till/audit/log.js';
import { openTillDb } from '../../electron/till/db.js';
import { tempDataDir } from '../helpers/host.js';

const owner = { accountId: 'owner', name: 'Owner' };

/** A till.db with five audit rows, and a second plain connection that edits it as an outsider would. */
function logWithRows(): { log: AuditLog; outsider: Database.Database; close(): void } {
  const file = join(tempDataDir('pd-audit-'), 'till.db');
  const db = openTillDb(file);
  const clock = new ManualClock(Date.UTC(2026, 10, 24, 9, 0, 0));
  const log = new AuditLog(db, clock);
  log.record(owner, 'signin', 'owner');
  log.record(owner, 'staff.add', 'st-a', { name: 'Cora', role: 'cashier' });
  log.record(owner, 'settings.change', 'settings', { before: { shopName: 'A' }, after: { shopName: 'B' } });
  log.record(null, 'signin.failed', 'st-a', { reason: 'wrong PIN' });
  log.record(owner, 'order.cancel', 'pd-1', { amount: '5 USD' });
  const outsider = new Database(file);
  return { log, outsider, close: () => (outsider.close(), db.close()) };
}

describe('audit hash chain', () => {
  it('links each row to the previous one and verifies when untouched', () => {
    const { log, outsider, close } = logWithRows();
    const rows = outsider.prepare('SELECT * FROM audit_log ORDER BY seq').all() as any[];
    expect(rows.map((r) => r.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(rows[0].prev_hash).toBe('');
    for (let i = 1; i < rows.length; i++) expect(rows[i].prev_hash).toBe(rows[i - 1].hash);
    expect(rows[2].hash).toBe(auditHash(rows[1].hash, rows[2]));
    expect(rows[2].hash).toMatch(/^[0-9a-f]{64}$/);
    expect(log.verify()).toEqual({ ok: true, rows: 5, brokenAt: 0, problem: '' });
    close();
  });

  it('detects an edited row', () => {
    const { log, outsider, close } = logWithRows();
    outsider
      .prepare('UPDATE audit_log SET detail = ? WHERE seq = 3')
      .run(JSON.stringify({ before: { shopName: 'A' }, after: { shopName: 'A' } }));
    expect(log.verify()).toMatchObject({ ok: false, brokenAt: 3, problem: 'Entry 3 was changed outside the app.' });
    close();
  });

  it('detects an edited row whose own hash was recomputed: the next row no longer follows', () => {
    const { log, outsider, close } = logWithRows();
    const row = outsider.prepare('SELECT * FROM audit_log WHERE seq = 2').get() as any;
    const edited = { ...row, actor_name: 'Someone else' };
    outsider
      .prepare('UPDATE audit_log SET actor_name = ?, hash = ? WHERE seq = 2')
      .run(edited.actor_name, auditHash(row.prev_hash, edited));
    expect(log.verify()).toMatchObject({ ok: false, brokenAt: 3, problem: expect.stringMatching(/does not follow/) });
    close();
  });

  it('detects a deleted row, and deleted newest rows', () => {
    const middle = logWithRows();
    middle.outsider.prepare('DELETE FROM audit_log WHERE seq = 2').run();
    expect(middle.log.verify()).toMatchObject({ ok: false, brokenAt: 2, problem: expect.stringMatching(/missing/) });
    middle.close();

    const newest = logWithRows();
    newest.outsider.prepare('DELETE FROM audit_log WHERE seq >= 4').run();
    expect(newest.log.verify()).toMatchObject({
      ok: false,
      rows: 3,
      brokenAt: 4,
      problem: 'Entries after 3 are missing: they were deleted outside the app.',
    });
    // The app keeps counting from its head: the gap stays visible after new rows.
    newest.log.record(owner, 'signin', 'owner');
    expect(newest.log.verify()).toMatchObject({ ok: false, brokenAt: 4 });
    newest.close();
  });

  it('is append-only through the app: list and range read, nothing rewrites', () => {
    const { log, close } = logWithRows();
    const page = log.list({ action: 'signin.failed' }, 0, 50);
    expect(page.matching).toBe(1);
    expect(page.entries[0]).toMatchObject({ seq: 4, actorId: '', action: 'signin.failed' });
    expect(log.list({ actorId: 'owner' }, 0, 2)).toMatchObject({ matching: 4 });
    expect(log.range({}).map((r) => r.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(Object.getOwnPropertyNames(AuditLog.prototype).sort()).toEqual(
      ['actions', 'constructor', 'list', 'range', 'record', 'verify'].sort(),
    );
    close();
  });
});
