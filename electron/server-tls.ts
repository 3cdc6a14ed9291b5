/**
 * The shop server's own TLS identity (`server --tls-cert FILE --tls-key FILE`, README "Shop server
 * over HTTPS"): PEM files read and checked at start, so a wrong path, a file that is no certificate
 * or a key of another certificate is one clear line instead of a server that fails every handshake.
 */
import { createPrivateKey, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createSecureContext } from 'node:tls';

export interface ServerTls {
  cert: string;
  key: string;
}

function readPem(option: string, file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'not readable' : (code ?? 'unreadable');
    throw new Error(`--${option}: cannot read ${file} (${why})`, { cause: error });
  }
}

/** Both paths or neither: undefined for plain http, the checked PEM texts otherwise; throws one line. */
export function readServerTls(certFile: string | undefined, keyFile: string | undefined): ServerTls | undefined {
  if (certFile === undefined && keyFile === undefined) return undefined;
  if (certFile === undefined) throw new Error('--tls-cert: is required with --tls-key (give both or neither)');
  if (keyFile === undefined) throw new Error('--tls-key: is required with --tls-cert (give both or neither)');
  const cert = readPem('tls-cert', certFile);
  const key = readPem('tls-key', keyFile);
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(cert);
  } catch {
    throw new Error(`--tls-cert: ${certFile} holds no PEM certificate`);
  }
  let privateKey: ReturnType<typeof createPrivateKey>;
  try {
    privateKey = createPrivateKey(key);
  } catch {
    throw new Error(`--tls-key: ${keyFile} holds no unencrypted PEM private key`);
  }
  if (!certificate.checkPrivateKey(privateKey))
    throw new Error(`--tls-key: ${keyFile} is not the key of the certificate in ${certFile}`);
  try {
    // The whole chain as Node will serve it (a chain file may follow the server's certificate).
    createSecureContext({ cert, key });
  } catch (error) {
    throw new Error(`--tls-cert: ${certFile} cannot be served: ${(error as Error).message}`, { cause: error });
  }
  return { cert, key };
}
