/** The watcher's schedule: seconds at the till, then minutes, at most every 30 minutes after a day, none after three days. */
import { describe, expect, it } from 'vitest';
import { pollDelayMs } from '../../electron/till/work/cadence.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('pollDelayMs', () => {
  it('backs off with the order age and stops after three days', () => {
    const at = (ageMs: number, focused = false) => pollDelayMs(ageMs, focused, 1000);
    expect([at(0), at(0, true), at(15 * MINUTE - 1)]).toEqual([1000, 500, 1000]);
    expect([at(15 * MINUTE), at(15 * MINUTE, true), at(2 * HOUR - 1)]).toEqual([MINUTE, MINUTE, MINUTE]);
    expect([at(2 * HOUR), at(24 * HOUR - 1)]).toEqual([5 * MINUTE, 5 * MINUTE]);
    expect([at(24 * HOUR), at(72 * HOUR - 1)]).toEqual([30 * MINUTE, 30 * MINUTE]);
    expect([at(72 * HOUR), at(400 * 24 * HOUR)]).toEqual([undefined, undefined]);
  });

  it('1,053 abandoned orders a day or two old cost under one poll a second; older ones none', () => {
    const perSecond = (ageMs: number) => 1053 / (pollDelayMs(ageMs, false, 1000)! / 1000);
    expect(perSecond(36 * HOUR)).toBeLessThan(1);
    expect(pollDelayMs(5 * 24 * HOUR, false, 1000)).toBeUndefined();
  });
});
