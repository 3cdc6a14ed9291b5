/**
 * A connection the host drops (its page token: bridge/page-tokens.ts) ends the staff session it carried,
 * with the reason in the audit log (`lock.page`); that connection is then signed out, a connection without
 * a session leaves no line, and other connections keep theirs. A real till.db file.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../electron/platform/clock.js';
import { sequentialIds } from '../../electron/platform/ids.js';
import { AuditLog } from '../../electron/till/audit/log.js';
import { openTillDb } from '../../electron/till/db.js';
import { StaffArea } from '../../electron/till/staff/area.js';
import { tempDataDir } from '../helpers/host.js';

describe('a dropped page connection', () => {
  it('ends its staff session, saying why in the audit log', () => {
    const db = openTillDb(join(tempDataDir('pd-page-end-'), 'till.db'));
    const clock = new ManualClock(Date.UTC(2026, 10, 24, 9, 0, 0));
    const audit = new AuditLog(db, clock);
    const staff = new StaffArea({ db, clock, ids: sequentialIds(), audit, idleLockMs: () => 600_000 });
    staff.createOwner('page:1', '2468');
    staff.signIn('page:2', 'owner', '2468');
    expect(staff.sessions.current('page:1')?.account_id).toBe('owner');

    staff.endConnection('page:1', 'evicted');
    staff.endConnection('page:3', 'expired');

    expect(staff.sessions.current('page:1')).toBeUndefined();
    expect(staff.sessions.current('page:2')?.account_id).toBe('owner');
    const lines = audit.list({ action: 'lock.page' }, 0, 10).entries;
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ actorId: 'owner', subject: 'owner' });
    expect(JSON.parse(lines[0]!.detail)).toEqual({ reason: 'evicted' });
    db.close();
  });
});
