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

function formatterOf(timeZone: string): Intl.DateTimeFormat {
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
  return format;
}

/** The wall clock as Intl formats it: exact, but slow (formatToParts is most of a big export's time). */
function formattedClock(ms: number, timeZone: string): WallClock {
  const parts = formatterOf(timeZone).formatToParts(new Date(ms));
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

const HOUR_MS = 3_600_000;
/** UTC offsets (ms) at the start of UTC hours, per zone and hour; bounded. */
const hourOffsets = new Map<string, number>();

function offsetAtHour(hourMs: number, timeZone: string): number {
  const key = `${timeZone}@${hourMs}`;
  let offset = hourOffsets.get(key);
  if (offset === undefined) {
    const c = formattedClock(hourMs, timeZone);
    offset = Date.UTC(+c.year, +c.month - 1, +c.day, +c.hour, +c.minute, +c.second) - hourMs;
    if (hourOffsets.size >= 50_000) hourOffsets.clear();
    hourOffsets.set(key, offset);
  }
  return offset;
}

const two = (n: number) => String(n).padStart(2, '0');

export function wallClock(ms: number, timeZone: string): WallClock {
  // A zone changes its offset at most once within an hour: where the offsets at both ends of the
  // hour agree, the whole hour has it, and the clock is plain arithmetic (two lookups a distinct hour
  // instead of an Intl call a time cell). Across a change, or for offsets with seconds, ask Intl.
  const hour = Math.floor(ms / HOUR_MS) * HOUR_MS;
  const offset = offsetAtHour(hour, timeZone);
  if (offset !== offsetAtHour(hour + HOUR_MS, timeZone) || offset % 60_000 !== 0) return formattedClock(ms, timeZone);
  const local = new Date(ms + offset);
  const minutes = Math.abs(offset) / 60_000;
  return {
    year: String(local.getUTCFullYear()).padStart(4, '0'),
    month: two(local.getUTCMonth() + 1),
    day: two(local.getUTCDate()),
    hour: two(local.getUTCHours()),
    minute: two(local.getUTCMinutes()),
    second: two(local.getUTCSeconds()),
    offset: `${offset < 0 ? '-' : '+'}${two(Math.floor(minutes / 60))}:${two(minutes % 60)}`,
  };
}

/** [start, end) in ms of a calendar day in a time zone. */
export function dayRange(day: string, timeZone: string): [number, number] {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const offsetAt = (utcMs: number): number => {
    const c = formattedClock(utcMs, timeZone);
    const local = Date.UTC(+c.year, +c.month - 1, +c.day, +c.hour, +c.minute, +c.second);
    return local - utcMs;
  };
  const startGuess = Date.UTC(y, m - 1, d);
  const start = startGuess - offsetAt(startGuess);
  const endGuess = Date.UTC(y, m - 1, d + 1);
  const end = endGuess - offsetAt(endGuess);
  return [start, end];
}
