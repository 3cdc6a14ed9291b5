/** Shop days: the calendar day of an instant, and the instants a day spans, in the shop's time zone (DST included). */

/** The calendar day (YYYY-MM-DD) of an instant in a time zone. */
export function dayOf(ms: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(ms),
  );
}

/** The wall clock of an instant in a time zone, with its UTC offset ("+01:00"). */
export interface WallClock {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
  offset: string;
}

/** One formatter per zone: building one is far dearer than using it, and exports read thousands of times. */
const formatters = new Map<string, Intl.DateTimeFormat>();

export function wallClock(ms: number, timeZone: string): WallClock {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      timeZoneName: 'longOffset',
    });
    formatters.set(timeZone, format);
  }
  const parts = format.formatToParts(new Date(ms));
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

/** [start, end) in ms of a calendar day in a time zone. */
export function dayRange(day: string, timeZone: string): [number, number] {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const offsetAt = (utcMs: number): number => {
    const c = wallClock(utcMs, timeZone);
    const local = Date.UTC(+c.year, +c.month - 1, +c.day, +c.hour, +c.minute, +c.second);
    return local - utcMs;
  };
  const startGuess = Date.UTC(y, m - 1, d);
  const start = startGuess - offsetAt(startGuess);
  const endGuess = Date.UTC(y, m - 1, d + 1);
  const end = endGuess - offsetAt(endGuess);
  return [start, end];
}
