/**
 * The sealed backup file (README, "Backups"): an archive encrypted with AES-256-GCM under a key derived
 * from the owner's passphrase with scrypt. Layout:
 *
 *   "PDBACKUP" | 1 byte format version | u32 header length | header JSON | ciphertext | 16-byte GCM tag
 *
 * The header holds only what opening needs (scrypt parameters, salt, IV, a key check), so without the
 * passphrase the file tells nothing but its size. The header is authenticated (GCM additional data), and
 * the key check (an HMAC of a fixed label) lets a wrong passphrase be told apart from a damaged file.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { open, rm, stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';

const MAGIC = Buffer.from('PDBACKUP', 'ascii');
const FORMAT = 1;
const TAG_BYTES = 16;
const PREFIX_BYTES = MAGIC.length + 1 + 4;
const MAX_HEADER_BYTES = 4096;

/** scrypt cost: about 0.1 s and 32 MiB on a shop PC, per passphrase check (not per backup). */
export const KDF = { N: 1 << 15, r: 8, p: 1 } as const;

const HeaderSchema = z.object({
  kdf: z.literal('scrypt'),
  N: z
    .number()
    .int()
    .min(1024)
    .max(1 << 20),
  r: z.number().int().min(1).max(32),
  p: z.number().int().min(1).max(16),
  salt: z.string().regex(/^[A-Za-z0-9+/=]{20,64}$/),
  iv: z.string().regex(/^[A-Za-z0-9+/=]{16}$/),
  keyCheck: z.string().regex(/^[0-9a-f]{64}$/),
});
type Header = z.infer<typeof HeaderSchema>;

/** A key derived from the passphrase, with what is needed to derive it again. */
export interface BackupKey {
  key: Buffer;
  salt: Buffer;
  N: number;
  r: number;
  p: number;
}

/** Why a sealed file cannot be opened, in words for the owner. */
export class BackupOpenError extends Error {
  constructor(
    readonly reason: 'not_a_backup' | 'wrong_passphrase' | 'damaged',
    message: string,
  ) {
    super(message);
    this.name = 'BackupOpenError';
  }
}

export function deriveKey(
  passphrase: string,
  salt: Buffer = randomBytes(16),
  params: { N: number; r: number; p: number } = KDF,
): Promise<BackupKey> {
  return new Promise((resolve, reject) => {
    scrypt(passphrase.normalize('NFC'), salt, 32, { ...params, maxmem: 256 * params.N * params.r }, (error, key) =>
      error ? reject(error) : resolve({ key, salt, ...params }),
    );
  });
}

const keyCheckOf = (key: Buffer): string => createHmac('sha256', key).update('paydesk backup key check').digest('hex');

function headerOf(key: BackupKey, iv: Buffer): Buffer {
  const header: Header = {
    kdf: 'scrypt',
    N: key.N,
    r: key.r,
    p: key.p,
    salt: key.salt.toString('base64'),
    iv: iv.toString('base64'),
    keyCheck: keyCheckOf(key.key),
  };
  return Buffer.from(JSON.stringify(header), 'utf8');
}

/** Encrypts `plain` into `file` (written whole, then fsynced); the caller renames it into place. */
export async function sealTo(plain: Readable, file: string, key: BackupKey): Promise<void> {
  const iv = randomBytes(12);
  const header = headerOf(key, iv);
  const prefix = Buffer.alloc(PREFIX_BYTES);
  MAGIC.copy(prefix, 0);
  prefix.writeUInt8(FORMAT, MAGIC.length);
  prefix.writeUInt32BE(header.length, MAGIC.length + 1);
  const cipher = createCipheriv('aes-256-gcm', key.key, iv);
  cipher.setAAD(Buffer.concat([prefix, header]));
  const out = createWriteStream(file, { mode: 0o600 });
  out.write(Buffer.concat([prefix, header]));
  await pipeline(plain, cipher, out, { end: false });
  await new Promise<void>((resolve, reject) => out.end(cipher.getAuthTag(), () => resolve()).once('error', reject));
  const handle = await open(file, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function readHeader(file: string): Promise<{ header: Header; aad: Buffer; size: number }> {
  const { size } = await stat(file);
  const handle = await open(file, 'r');
  try {
    const prefix = Buffer.alloc(PREFIX_BYTES);
    const { bytesRead } = await handle.read(prefix, 0, PREFIX_BYTES, 0);
    if (bytesRead < PREFIX_BYTES || !prefix.subarray(0, MAGIC.length).equals(MAGIC))
      throw new BackupOpenError('not_a_backup', `${file} is not a Paydesk backup.`);
    const format = prefix.readUInt8(MAGIC.length);
    if (format !== FORMAT)
      throw new BackupOpenError('not_a_backup', `${file} is a backup format this version does not know (${format}).`);
    const length = prefix.readUInt32BE(MAGIC.length + 1);
    if (length > MAX_HEADER_BYTES || PREFIX_BYTES + length + TAG_BYTES >= size)
      throw new BackupOpenError('damaged', `${file} is damaged (its header is cut off).`);
    const raw = Buffer.alloc(length);
    await handle.read(raw, 0, length, PREFIX_BYTES);
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw.toString('utf8'));
    } catch {
      throw new BackupOpenError('damaged', `${file} is damaged (its header is unreadable).`);
    }
    const header = HeaderSchema.safeParse(parsed);
    if (!header.success) throw new BackupOpenError('damaged', `${file} is damaged (its header is invalid).`);
    return { header: header.data, aad: Buffer.concat([prefix, raw]), size };
  } finally {
    await handle.close();
  }
}

/**
 * Decrypts `file` into `plainFile`. Nothing decrypted is trusted until the tag checks out at the end:
 * on any failure `plainFile` is removed and a BackupOpenError says whether the passphrase is wrong or
 * the file was changed or cut short.
 */
export async function unsealTo(file: string, passphrase: string, plainFile: string): Promise<void> {
  const { header, aad, size } = await readHeader(file);
  const key = await deriveKey(passphrase, Buffer.from(header.salt, 'base64'), header);
  const expected = Buffer.from(header.keyCheck, 'hex');
  if (!timingSafeEqual(Buffer.from(keyCheckOf(key.key), 'hex'), expected))
    throw new BackupOpenError('wrong_passphrase', 'The passphrase is wrong for this backup.');
  const tag = Buffer.alloc(TAG_BYTES);
  const handle = await open(file, 'r');
  try {
    await handle.read(tag, 0, TAG_BYTES, size - TAG_BYTES);
  } finally {
    await handle.close();
  }
  const decipher = createDecipheriv('aes-256-gcm', key.key, Buffer.from(header.iv, 'base64'));
  decipher.setAAD(aad);
  decipher.setAuthTag(tag);
  const body = createReadStream(file, { start: aad.length, end: size - TAG_BYTES - 1 });
  try {
    await pipeline(body, decipher, createWriteStream(plainFile, { mode: 0o600 }));
  } catch {
    await rm(plainFile, { force: true });
    throw new BackupOpenError('damaged', `${file} is damaged: it was changed or cut short after it was made.`);
  }
}
