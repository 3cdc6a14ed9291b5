/**
 * TLS material: the till's own self-signed certificate (made at first start, kept in the data
 * directory) and the trust bundle the gateway's HTTPS client uses: the platform's CAs, the
 * system bundle and NODE_EXTRA_CA_CERTS, plus certificates we trust explicitly (the till's).
 * Verification is never disabled.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { rootCertificates } from 'node:tls';
import { generate } from 'selfsigned';

export interface TlsIdentity {
  cert: string;
  key: string;
}

const CERT_FILE = 'till-cert.pem';
const KEY_FILE = 'till-key.pem';

/** Loads the till's certificate, or makes one valid for 127.0.0.1, ::1 and localhost. */
export async function loadOrCreateTillIdentity(dataDir: string, now: Date = new Date()): Promise<TlsIdentity> {
  const certPath = join(dataDir, CERT_FILE);
  const keyPath = join(dataDir, KEY_FILE);
  if (existsSync(certPath) && existsSync(keyPath))
    return { cert: readFileSync(certPath, 'utf8'), key: readFileSync(keyPath, 'utf8') };
  const notAfter = new Date(now.getTime() + 10 * 365 * 24 * 3600 * 1000);
  const pems = await generate([{ name: 'commonName', value: 'Paydesk till' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notBeforeDate: new Date(now.getTime() - 24 * 3600 * 1000),
    notAfterDate: notAfter,
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
          { type: 7, ip: '::1' },
        ],
      },
    ],
  });
  writeFileSync(keyPath, pems.private, { mode: 0o600 });
  writeFileSync(certPath, pems.cert, { mode: 0o644 });
  return { cert: pems.cert, key: pems.private };
}

const SYSTEM_BUNDLES = ['/etc/ssl/certs/ca-certificates.crt', '/etc/pki/tls/certs/ca-bundle.crt', '/etc/ssl/cert.pem'];

function readPemFile(path: string | undefined): string[] {
  if (!path || !existsSync(path)) return [];
  try {
    return [readFileSync(path, 'utf8')];
  } catch {
    return [];
  }
}

/**
 * Passing `ca` to Node replaces its default roots, so we rebuild them: Node's bundled roots,
 * the system bundle, NODE_EXTRA_CA_CERTS, and our explicit extras.
 */
export function trustBundle(extra: readonly string[] = [], env: NodeJS.ProcessEnv = process.env): string[] {
  const system = SYSTEM_BUNDLES.flatMap((p) => readPemFile(p)).slice(0, 1);
  return [...rootCertificates, ...system, ...readPemFile(env.NODE_EXTRA_CA_CERTS), ...extra];
}
