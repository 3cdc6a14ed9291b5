/**
 * The shop's wall clock (electron/till/calendar.ts) answers exports from plain arithmetic within an
 * hour whose UTC offset does not change, and from Intl otherwise: both must agree with Intl for any
 * instant, across daylight-saving changes and in zones with half- and quarter-hour offsets.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dayRange, wallClock } from '../../electron/till/calendar.js';

const ZONES = [
  'UTC',
  'Europe/Berlin',
  'America/New_York',
  'America/St_Johns',
  'Australia/Lord_Howe',
  'Asia/Kathmandu',
  'Pacific/Chatham',
  'America/Santiago',
];

const formats = new Map<string, Intl.DateTimeFormat>();
const formatOf = (timeZone: string) =>
  formats.get(timeZone) ??
  formats
    .set(
      timeZone,
      new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        timeZoneName: 'longOffset',
      }),
    )
    .get(timeZone)!;

function intlClock(ms: number, timeZone: string) {
  const parts = formatOf(timeZone).formatToParts(new Date(ms));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
    offset: get('timeZoneName').replace('GMT', '') || '+00:00',
  };
}

describe('wallClock', () => {
  it('agrees with Intl every five seconds around daylight-saving changes', () => {
    // Berlin 2026-03-29 01:00 UTC (clocks forward) and 2026-10-25 01:00 UTC (back); Lord Howe's half hour.
    const changes: [string, number][] = [
      ['Europe/Berlin', Date.UTC(2026, 2, 29, 1)],
      ['Europe/Berlin', Date.UTC(2026, 9, 25, 1)],
      ['Australia/Lord_Howe', Date.UTC(2026, 3, 4, 15)],
      ['America/St_Johns', Date.UTC(2026, 2, 8, 5, 30)],
    ];
    for (const [zone, at] of changes) {
      for (let ms = at - 2 * 3_600_000; ms <= at + 2 * 3_600_000; ms += 4999) {
        expect(wallClock(ms, zone), `${zone} ${new Date(ms).toISOString()}`).toEqual(intlClock(ms, zone));
      }
    }
  });

  it('agrees with Intl for any instant from 2000 to 2040 in zones with odd offsets', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2040, 0, 1) }),
        fc.constantFrom(...ZONES),
        (ms, zone) => {
          expect(wallClock(ms, zone)).toEqual(intlClock(ms, zone));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('spans a shop day of 23 and 25 hours on the daylight-saving days', () => {
    const hours = (day: string) => {
      const [start, end] = dayRange(day, 'Europe/Berlin');
      return (end - start) / 3_600_000;
    };
    expect([hours('2026-03-29'), hours('2026-10-25'), hours('2026-06-01')]).toEqual([23, 25, 24]);
  });
});
