/**
 * PINs and their lockout. PINs are scrypt-hashed; wrong attempts are counted per account in till.db
 * (so a restart does not reset them): five wrong PINs lock the account for a minute, each further
 * lockout in a row lasts twice as long up to an hour, and a right PIN (or a day without wrong ones)
 * starts over. While locked, a PIN is not even checked.
 */
import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db.js';

export const MAX_WRONG_PINS = 5;
const FIRST_LOCKOUT_MS = 60_000;
const LONGEST_LOCKOUT_MS = 3600_000;
/** A streak of lockouts is forgiven after this long without a wrong PIN. */
const FORGIVE_AFTER_MS = 24 * 3600_000;

export function hashPin(pin: string): string {
  const salt = randomBytes(16);
  return `scrypt:${salt.toString('hex')}:${scryptSync(pin, salt, 32).toString('hex')}`;
}

export function pinMatches(pin: string, stored: string): boolean {
  const [scheme, saltHex, hashHex] = stored.split(':');
  if (scheme !== 'scrypt' || !saltHex || !hashHex) return false;
  const expected = Buffer.from(hashHex, 'hex');
  return timingSafeEqual(scryptSync(pin, Buffer.from(saltHex, 'hex'), expected.length), expected);
}

/** ok; wrong (not locked yet); locked for `forMs` more, `justNow` when this attempt locked it. */
export type PinCheck =
  { outcome: 'ok' } | { outcome: 'wrong' } | { outcome: 'locked'; forMs: number; justNow: boolean };

interface AttemptsRow {
  failures: number;
  lockouts: number;
  locked_until: number;
  updated_at: number;
}

/** The same as values the till's language words (`errors` keys `wait.<unit>` with `{count}`). */
export function lockoutParts(ms: number): { waitUnit: 'hour' | 'minutes' | 'seconds'; waitCount: number } {
  if (ms >= LONGEST_LOCKOUT_MS) return { waitUnit: 'hour', waitCount: 1 };
  if (ms >= 60_000) return { waitUnit: 'minutes', waitCount: Math.ceil(ms / 60_000) };
  return { waitUnit: 'seconds', waitCount: Math.max(1, Math.ceil(ms / 1000)) };
}

/** "1 minute", "2 minutes", "1 hour", "45 seconds": how long a lockout still lasts, in words. */
export function lockoutWords(ms: number): string {
  if (ms >= LONGEST_LOCKOUT_MS) return '1 hour';
  if (ms >= 60_000) {
    const minutes = Math.ceil(ms / 60_000);
    return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  }
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  return `${seconds} second${seconds === 1 ? '' : 's'}`;
}

export class PinGuard {
  private readonly read;
  private readonly write;
  private readonly clear;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {
    this.read = db.prepare('SELECT failures, lockouts, locked_until, updated_at FROM pin_attempts WHERE account = ?');
    this.write = db.prepare(
      `INSERT INTO pin_attempts (account, failures, lockouts, locked_until, updated_at) VALUES (@account, @failures, @lockouts, @locked_until, @updated_at)
       ON CONFLICT (account) DO UPDATE SET failures = excluded.failures, lockouts = excluded.lockouts, locked_until = excluded.locked_until, updated_at = excluded.updated_at`,
    );
    this.clear = db.prepare('DELETE FROM pin_attempts WHERE account = ?');
  }

  /** Checks a PIN for an account against its stored hash, counting a wrong one. */
  check(account: string, pin: string, storedHash: string): PinCheck {
    const now = this.clock.now();
    const row = this.read.get(account) as AttemptsRow | undefined;
    if (row && now < row.locked_until) return { outcome: 'locked', forMs: row.locked_until - now, justNow: false };
    if (pinMatches(pin, storedHash)) {
      if (row) this.clear.run(account);
      return { outcome: 'ok' };
    }
    // Counted in one transaction, so two attempts at once cannot both slip under the limit.
    return this.db.transaction((): PinCheck => {
      const current = (this.read.get(account) as AttemptsRow | undefined) ?? {
        failures: 0,
        lockouts: 0,
        locked_until: 0,
        updated_at: now,
      };
      const forgiven = now - current.updated_at > FORGIVE_AFTER_MS;
      const failures = (forgiven ? 0 : current.failures) + 1;
      const lockouts = forgiven ? 0 : current.lockouts;
      if (failures < MAX_WRONG_PINS) {
        this.write.run({ account, failures, lockouts, locked_until: 0, updated_at: now });
        return { outcome: 'wrong' };
      }
      const forMs = Math.min(FIRST_LOCKOUT_MS * 2 ** lockouts, LONGEST_LOCKOUT_MS);
      this.write.run({ account, failures: 0, lockouts: lockouts + 1, locked_until: now + forMs, updated_at: now });
      return { outcome: 'locked', forMs, justNow: true };
    })();
  }
}
