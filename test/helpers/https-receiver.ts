/**
 * A real HTTPS callback receiver on loopback for tests: records every request and answers
 * according to a programmable behaviour (per path), using a certificate made for the test.
 */
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { loadOrCreateTillIdentity, type TlsIdentity } from '../../electron/platform/tls.js';
import { tempDataDir } from './host.js';

export interface ReceivedCallback {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

export type Behaviour = (request: ReceivedCallback, response: ServerResponse) => void;

export const answers = {
  success: (): Behaviour => (_q, r) =>
    r.writeHead(200, { 'content-type': 'application/json' }).end('{"code":"SUCCESS"}'),
  otherCode: (): Behaviour => (_q, r) =>
    r.writeHead(200, { 'content-type': 'application/json' }).end('{"code":"FAIL"}'),
  noContent: (): Behaviour => (_q, r) => r.writeHead(204).end(),
  serverError: (): Behaviour => (_q, r) =>
    r.writeHead(500, { 'content-type': 'application/json' }).end('{"code":"FAIL"}'),
  redirect: (): Behaviour => (_q, r) => r.writeHead(302, { location: '/elsewhere' }).end(),
  notJson: (): Behaviour => (_q, r) => r.writeHead(200, { 'content-type': 'text/plain' }).end('SUCCESS'),
  stall: (): Behaviour => () => {},
};

export interface Receiver {
  url: string;
  origin: string;
  identity: TlsIdentity;
  received: ReceivedCallback[];
  on(path: string, behaviour: Behaviour): void;
  close(): Promise<void>;
}

export async function startReceiver(identity?: TlsIdentity): Promise<Receiver> {
  const tls = identity ?? (await loadOrCreateTillIdentity(tempDataDir('pd-tls-')));
  const routes = new Map<string, Behaviour>();
  const received: ReceivedCallback[] = [];
  const server = https.createServer({ cert: tls.cert, key: tls.key }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const entry = {
        path: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      };
      received.push(entry);
      (routes.get(entry.path) ?? answers.success())(entry, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `https://127.0.0.1:${port}`,
    origin: `https://127.0.0.1:${port}`,
    identity: tls,
    received,
    on: (path, behaviour) => routes.set(path, behaviour),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
