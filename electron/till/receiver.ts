/**
 * The till's local callback server: HTTPS on loopback with the till's own certificate (which the
 * embedded gateway trusts explicitly). A callback is only a hint: the till looks the order up and
 * asks the gateway for the result; it answers {"code":"SUCCESS"} only when that worked and matched.
 */
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { CallbackBodySchema } from '../../shared/wire.js';
import type { Logger } from '../platform/logger.js';
import { SIGNATURE_HEADER, verifySignature } from '../platform/signature.js';
import type { TlsIdentity } from '../platform/tls.js';

export const CALLBACK_PATH = '/paydesk/callback';
const MAX_BODY = 16 * 1024;

export interface ReceiverOptions {
  identity: TlsIdentity;
  /** The port used last time (so payments made before a restart still reach us); 0 for any. */
  port: number;
  host?: string;
  /** When set, callbacks must carry a valid X-Paydesk-Signature made with this key. */
  merchantKey?: () => string | undefined;
  onCallback(body: {
    traceId: string;
    orderId: string;
    payeeId: string;
  }): Promise<{ ok: true } | { ok: false; status: number; reason: string }>;
  logger: Logger;
}

export interface CallbackReceiver {
  url: string;
  port: number;
  close(): Promise<void>;
}

export async function startCallbackReceiver(options: ReceiverOptions): Promise<CallbackReceiver> {
  const server = https.createServer({ cert: options.identity.cert, key: options.identity.key }, (request, response) => {
    const answer = (status: number, code: string): void => {
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ code }));
    };
    if (request.method !== 'POST' || request.url !== CALLBACK_PATH) return answer(404, 'NOT_FOUND');
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) request.destroy();
      else chunks.push(chunk);
    });
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const key = options.merchantKey?.();
      if (key) {
        const check = verifySignature(
          request.headers[SIGNATURE_HEADER] as string | undefined,
          text,
          key,
          Math.floor(Date.now() / 1000),
        );
        if (!check.ok) {
          options.logger.warn('callback refused: bad signature', { reason: check.reason });
          return answer(401, 'BAD_SIGNATURE');
        }
      }
      let body: { traceId: string; orderId: string; payeeId: string };
      try {
        body = CallbackBodySchema.parse(JSON.parse(text));
      } catch {
        return answer(400, 'BAD_BODY');
      }
      options.onCallback(body).then(
        (outcome) => (outcome.ok ? answer(200, 'SUCCESS') : answer(outcome.status, outcome.reason)),
        (error: unknown) => {
          options.logger.error('callback handling failed', { error: String(error) });
          answer(500, 'ERROR');
        },
      );
    });
  });
  const host = options.host ?? '127.0.0.1';
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  try {
    await listen(options.port);
  } catch {
    await listen(0); // the remembered port is taken: any port will do for new payments
  }
  const port = (server.address() as AddressInfo).port;
  return {
    url: `https://${host}:${port}${CALLBACK_PATH}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
