/**
 * The PIN guard: wrong PINs and lockouts per account in till.db (a real file, reopened), five
 * wrong PINs lock an account for a minute, each lockout in a row doubles it up to an hour, a right
 * PIN clears the streak, and accounts do not share a lockout.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../electron/platform/clock.js';
import { openTillDb } from '../../electron/till/db.js';
import { hashPin, PinGuard } from '../../electron/till/owner/pin-guard.js';
import { tempDataDir } from '../helpers/host.js';

const MINUTE = 60_000;
const owner = hashPin('2468');

function fiveWrong(guard: PinGuard, account = 'owner') {
  const outcomes = [];
  for (let i = 0; i < 5; i++) outcomes.push(guard.check(account, '0000', owner));
  return outcomes;
}

describe('PinGuard', () => {
  it('locks after five wrong PINs, says so on the fifth, and keeps it across a reopen', () => {
    const file = join(tempDataDir('pd-pin-'), 'till.db');
    const clock = new ManualClock(Date.UTC(2026, 10, 23, 12));
    let db = openTillDb(file);
    const outcomes = fiveWrong(new PinGuard(db, clock));
    expect(outcomes.slice(0, 4).map((o) => o.outcome)).toEqual(['wrong', 'wrong', 'wrong', 'wrong']);
    expect(outcomes[4]).toEqual({ outcome: 'locked', forMs: MINUTE, justNow: true });
    db.close();
    db = openTillDb(file);
    const guard = new PinGuard(db, clock);
    clock.advance(30_000);
    expect(guard.check('owner', '2468', owner)).toEqual({ outcome: 'locked', forMs: 30_000, justNow: false });
    clock.advance(30_000);
    expect(guard.check('owner', '2468', owner)).toEqual({ outcome: 'ok' });
    db.close();
  });

  it('doubles each lockout in a row up to an hour; a right PIN starts over', () => {
    const clock = new ManualClock(Date.UTC(2026, 10, 23, 12));
    const db = openTillDb(join(tempDataDir('pd-pin-'), 'till.db'));
    const guard = new PinGuard(db, clock);
    const lengths: number[] = [];
    for (let round = 0; round < 8; round++) {
      const last = fiveWrong(guard).at(-1)!;
      expect(last.outcome).toBe('locked');
      lengths.push(last.outcome === 'locked' ? last.forMs : 0);
      clock.advance(lengths.at(-1)!);
    }
    expect(lengths).toEqual([1, 2, 4, 8, 16, 32, 60, 60].map((m) => m * MINUTE));
    expect(guard.check('owner', '2468', owner)).toEqual({ outcome: 'ok' });
    expect(fiveWrong(guard).at(-1)).toEqual({ outcome: 'locked', forMs: MINUTE, justNow: true });
    db.close();
  });

  it('keeps accounts apart', () => {
    const clock = new ManualClock(Date.UTC(2026, 10, 23, 12));
    const db = openTillDb(join(tempDataDir('pd-pin-'), 'till.db'));
    const guard = new PinGuard(db, clock);
    fiveWrong(guard, 'staff-1');
    expect(guard.check('staff-1', '2468', owner).outcome).toBe('locked');
    expect(guard.check('owner', '2468', owner)).toEqual({ outcome: 'ok' });
    db.close();
  });
});
