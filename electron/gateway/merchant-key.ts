/**
 * The merchant key authenticates merchant operations (Bearer) and signs callbacks. Made on
 * first start, kept in `<data>/merchant-key` with mode 0600; its trimmed text is the key.
 */
import { existsSync, readFileSync, writeFileSync, chmodSync } from 'node:fs';
import { join } from 'node:path';
import { timingSafeEqual } from 'node:crypto';
import type { IdSource } from '../platform/ids.js';

export const MERCHANT_KEY_FILE = 'merchant-key';

export function loadOrCreateMerchantKey(dataDir: string, ids: IdSource): string {
  const file = join(dataDir, MERCHANT_KEY_FILE);
  if (existsSync(file)) {
    const key = readFileSync(file, 'utf8').trim();
    if (key.length >= 16) return key;
    throw new Error(`${file} holds no usable merchant key (it must be at least 16 characters); fix or delete it`);
  }
  const key = ids.token(32);
  // 'wx' refuses to overwrite: two processes racing on first start never end with two keys.
  writeFileSync(file, key + '\n', { mode: 0o600, flag: 'wx' });
  try {
    chmodSync(file, 0o600);
  } catch {
    // Modes are best effort on filesystems without them.
  }
  return key;
}

/** Constant-time check of an `Authorization: Bearer <key>` header. */
export function isMerchantAuthorized(header: string | undefined, key: string): boolean {
  if (!header) return false;
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  if (!match?.[1]) return false;
  const given = Buffer.from(match[1].trim());
  const expected = Buffer.from(key);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
