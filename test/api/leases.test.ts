/**
 * Leases on due work (electron/gateway/leases.ts), on both engines: on the embedded gateway.db one
 * process always holds and nothing is written; on a real PostgreSQL two connections (as two server
 * processes) compete for one lease: one holds it, the other is refused until it ends or is released,
 * and a holder that lost it is refused inside its own transaction (the fence rolls its writes back).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openGatewayDb, readMeta, writeMeta } from '../../electron/gateway/db.js';
import { Leases } from '../../electron/gateway/leases.js';
import { openGatewayPg } from '../../electron/gateway/store/postgres/open.js';
import { ManualClock } from '../../electron/platform/clock.js';
import type { Db } from '../../electron/platform/db.js';
import { postgresAvailable, startPostgres, type PgCluster } from '../helpers/postgres.js';

const available = postgresAvailable();
let cluster: PgCluster;
const open: Db[] = [];

beforeAll(async () => {
  if (available) cluster = await startPostgres();
}, 60_000);
afterAll(async () => {
  open.splice(0).forEach((db) => db.close());
  await cluster?.stop();
});

describe('leases on the embedded gateway.db', () => {
  it('are always held by the one process, and nothing is written', () => {
    const db = openGatewayDb(join(mkdtempSync(join(tmpdir(), 'paydesk-lease-')), 'gateway.db'));
    open.push(db);
    const clock = new ManualClock(1_000_000);
    const a = new Leases(db, clock, 'a');
    const b = new Leases(db, clock, 'b');
    expect(a.hold('evm-scan:1', 10_000)).toBe(true);
    expect(b.hold('evm-scan:1', 10_000)).toBe(true);
    expect(readMeta(db, 'lease:evm-scan:1')).toBeUndefined();
  });
});

describe.skipIf(!available)('leases on PostgreSQL, two connections as two server processes', () => {
  it('one holds, the other waits for the end or the release, and a lost lease fences the writes', async () => {
    const url = await cluster.freshDatabase();
    const [dbA, dbB] = [await openGatewayPg(url), await openGatewayPg(url)];
    open.push(dbA, dbB);
    const clock = new ManualClock(5_000_000);
    const a = new Leases(dbA, clock, 'process-a');
    const b = new Leases(dbB, clock, 'process-b');

    expect(a.hold('evm-scan:31337', 10_000)).toBe(true);
    expect(b.hold('evm-scan:31337', 10_000)).toBe(false);
    expect(b.holder('evm-scan:31337')).toEqual({ owner: 'process-a', untilMs: 5_010_000 });
    // Another chain is another lease.
    expect(b.hold('evm-scan:1', 10_000)).toBe(true);

    clock.advance(9_000);
    expect(a.hold('evm-scan:31337', 10_000)).toBe(true); // renewed until 5,019,000
    clock.advance(9_000);
    expect(b.hold('evm-scan:31337', 10_000)).toBe(false);

    // A holds no more (it died): after its lease ends, B takes over.
    clock.advance(1_001);
    expect(b.hold('evm-scan:31337', 10_000)).toBe(true);
    expect(b.holder('evm-scan:31337')?.owner).toBe('process-b');

    // A wakes up and writes its result fenced by the lease: refused, nothing of it stays.
    expect(() =>
      dbA.transaction(() => {
        writeMeta(dbA, 'fenced-write', 'from a');
        if (!a.hold('evm-scan:31337', 10_000)) throw new Error('lease lost');
      })(),
    ).toThrow('lease lost');
    expect(readMeta(dbB, 'fenced-write')).toBeUndefined();

    // A clean stop releases at once.
    b.release('evm-scan:31337');
    expect(a.hold('evm-scan:31337', 10_000)).toBe(true);
    // Releasing a lease one does not hold changes nothing.
    b.release('evm-scan:31337');
    expect(a.holder('evm-scan:31337')?.owner).toBe('process-a');
  });
});
