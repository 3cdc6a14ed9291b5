/**
 * NODE_EXTRA_CA_CERTS in the packaged desktop app: Electron reads that variable only while its
 * NODE_OPTIONS fuse is on, and ours is off (build/electron-builder.config.cjs), so main.ts adds the
 * file's certificates to Node's default trust itself (tls.setDefaultCACertificates, in Electron's
 * Node); the till's fetch to an HTTPS shop server then trusts the shop's private certificate, as
 * plain Node (`serve`) does by itself (README "Moving to a shop server").
 */
import { readFileSync } from 'node:fs';
import * as tls from 'node:tls';

/** The part of node:tls used here; absent on Node versions without it. */
export interface DefaultTrust {
  getCACertificates?: (type: 'default') => string[];
  setDefaultCACertificates?: (certs: string[]) => void;
}

export type ExtraCaOutcome = 'none' | 'added' | 'unsupported' | 'unreadable';

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

export function trustExtraCaCertificates(
  env: NodeJS.ProcessEnv = process.env,
  trust: DefaultTrust = tls as unknown as DefaultTrust,
  read: (file: string) => string = (file) => readFileSync(file, 'utf8'),
): ExtraCaOutcome {
  const file = env.NODE_EXTRA_CA_CERTS;
  if (!file) return 'none';
  if (!trust.getCACertificates || !trust.setDefaultCACertificates) return 'unsupported';
  let extra: string[];
  try {
    extra = read(file).match(PEM_CERTIFICATE) ?? [];
  } catch {
    return 'unreadable';
  }
  if (extra.length === 0) return 'unreadable';
  const current = trust.getCACertificates('default');
  trust.setDefaultCACertificates([...current, ...extra.filter((pem) => !current.includes(pem))]);
  return 'added';
}
