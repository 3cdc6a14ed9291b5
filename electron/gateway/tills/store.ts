/**
 * Tills registered on this gateway (docs/api.md, "Tills"): the one module with the `tills` table's
 * SQL and the `till_id` of payments. A till key is 32 random bytes shown once; only its sha256 is
 * kept, and a key is found by its hash then compared in constant time. A revoked key is refused
 * from the next request on (no cache). Plain SQL, as a PostgreSQL store would run it. Which till
 * made a payment is the payments store's column (PaymentsStore.attributeTill).
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../platform/db.js';
import type { IdSource } from '../../platform/ids.js';
import { GatewayError, paramError } from '../errors.js';

/** A till as the owner's list shows it (never its key). */
export interface TillView {
  tillId: string;
  name: string;
  createdAtMs: number;
  lastUsedAtMs: number;
  revoked: boolean;
  revokedAtMs: number;
}

interface TillRow {
  till_id: string;
  name: string;
  key_hash: string;
  created_at: number;
  last_used_at: number;
  revoked_at: number;
}

/** Till keys start with this, so a key pasted in the wrong field is recognisable. */
export const TILL_KEY_PREFIX = 'pdt_';
/** last_used_at is written at most this often per till (it is shown to the minute, not audited). */
const LAST_USED_GRANULARITY_MS = 60_000;

/** The key of an `Authorization: Bearer <key>` header, or undefined. */
export function bearerOf(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(.+)$/i.exec((header ?? '').trim());
  return match?.[1]?.trim() || undefined;
}

const hashOf = (key: string): string => createHash('sha256').update(key, 'utf8').digest('hex');

function viewOf(row: TillRow): TillView {
  return {
    tillId: row.till_id,
    name: row.name,
    createdAtMs: row.created_at,
    lastUsedAtMs: row.last_used_at,
    revoked: row.revoked_at !== 0,
    revokedAtMs: row.revoked_at,
  };
}

export class TillStore {
  private readonly insert;
  private readonly all;
  private readonly byId;
  private readonly byHash;
  private readonly liveByName;
  private readonly revokeRow;
  private readonly touch;

  constructor(
    db: Db,
    private readonly ids: IdSource,
  ) {
    this.insert = db.prepare('INSERT INTO tills (till_id, name, key_hash, created_at) VALUES (?, ?, ?, ?)');
    this.all = db.prepare('SELECT * FROM tills ORDER BY created_at, till_id');
    this.byId = db.prepare('SELECT * FROM tills WHERE till_id = ?');
    this.byHash = db.prepare('SELECT * FROM tills WHERE key_hash = ?');
    this.liveByName = db.prepare('SELECT till_id FROM tills WHERE name = ? AND revoked_at = 0');
    this.revokeRow = db.prepare('UPDATE tills SET revoked_at = ? WHERE till_id = ? AND revoked_at = 0');
    this.touch = db.prepare('UPDATE tills SET last_used_at = ? WHERE till_id = ? AND last_used_at < ?');
  }

  /** Registers a till; answers its view and the key, which is never shown again. */
  register(name: string, nowMs: number): { till: TillView; tillKey: string } {
    if (this.liveByName.get(name)) throw paramError('name', `a till named "${name}" is registered already`);
    const tillKey = TILL_KEY_PREFIX + randomBytes(32).toString('base64url');
    const tillId = this.ids.uuid();
    this.insert.run(tillId, name, hashOf(tillKey), nowMs);
    return { till: this.get(tillId)!, tillKey };
  }

  list(): TillView[] {
    return (this.all.all() as TillRow[]).map(viewOf);
  }

  get(tillId: string): TillView | undefined {
    const row = this.byId.get(tillId) as TillRow | undefined;
    return row ? viewOf(row) : undefined;
  }

  /** Revokes a till's key (again is a no-op); unknown ids are 10062. */
  revoke(tillId: string, nowMs: number): TillView {
    if (!this.get(tillId)) throw GatewayError.of('orderNotFound', `tillId: no till ${tillId}`);
    this.revokeRow.run(nowMs, tillId);
    return this.get(tillId)!;
  }

  /** The live till holding this key, or undefined (unknown, revoked, or not a till key at all). */
  authenticate(key: string, nowMs: number): TillView | undefined {
    if (!key.startsWith(TILL_KEY_PREFIX)) return undefined;
    const given = Buffer.from(hashOf(key), 'hex');
    const row = this.byHash.get(given.toString('hex')) as TillRow | undefined;
    if (!row || row.revoked_at !== 0) return undefined;
    // Found through the index; the comparison itself is constant-time all the same.
    if (!timingSafeEqual(given, Buffer.from(row.key_hash, 'hex'))) return undefined;
    this.touch.run(nowMs, row.till_id, nowMs - LAST_USED_GRANULARITY_MS);
    return viewOf(row);
  }
}
