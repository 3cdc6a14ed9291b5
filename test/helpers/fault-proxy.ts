/**
 * A fault-injecting HTTP proxy between the till and a gateway: it can refuse connections, drop a
 * response half-way, delay, answer 500 or 1429, and it logs every request it forwards (time,
 * method, path, body) so tests can check rates and duplicates.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Socket } from 'node:net';

export type Fault = 'refuse' | 'drop' | 'delay30s' | 'http500' | 'rate1429';

export interface ProxyLogEntry {
  at: number;
  method: string;
  path: string;
  body: string;
  outcome: Fault | 'ok';
}

export interface FaultProxy {
  url: string;
  log: ProxyLogEntry[];
  /** Every request fails this way until `heal()`. */
  setDown(fault: Fault | null): void;
  /** These faults hit the next requests, one each, before traffic flows again. */
  queue(...faults: Fault[]): void;
  /** Runs before each forwarded create (POST /v1/payments), e.g. to slow them down. */
  beforeCreate(hook: (() => Promise<void>) | null): void;
  close(): Promise<void>;
}

export async function startFaultProxy(upstream: string): Promise<FaultProxy> {
  const target = new URL(upstream);
  const log: ProxyLogEntry[] = [];
  const sockets = new Set<Socket>();
  let down: Fault | null = null;
  const pending: Fault[] = [];
  let createHook: (() => Promise<void>) | null = null;

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      void (async () => {
        const body = Buffer.concat(chunks);
        const fault = down ?? pending.shift() ?? null;
        log.push({
          at: Date.now(),
          method: request.method ?? '',
          path: request.url ?? '',
          body: body.toString(),
          outcome: fault ?? 'ok',
        });
        if (fault === 'refuse') return request.socket.destroy();
        if (fault === 'http500')
          return response.writeHead(500, { 'content-type': 'text/plain' }).end('upstream exploded');
        if (fault === 'rate1429')
          return response.writeHead(429, { 'content-type': 'application/json' }).end(
            JSON.stringify({
              code: 1429,
              success: false,
              message: 'rate limited',
              data: [],
              timestampMs: Date.now(),
            }),
          );
        if (fault === 'delay30s') await new Promise((resolve) => setTimeout(resolve, 30_000));
        if (request.method === 'POST' && request.url === '/v1/payments' && createHook) await createHook();
        const forward = http.request(
          {
            host: target.hostname,
            port: target.port,
            path: request.url,
            method: request.method,
            headers: { ...request.headers, host: target.host },
          },
          (answer) => {
            const parts: Buffer[] = [];
            answer.on('data', (c: Buffer) => parts.push(c));
            answer.on('end', () => {
              const all = Buffer.concat(parts);
              if (fault === 'drop') {
                // Headers and half the body, then the line goes dead.
                response.writeHead(answer.statusCode ?? 200, {
                  'content-type': 'application/json',
                  'content-length': String(all.length),
                });
                response.write(all.subarray(0, Math.floor(all.length / 2)));
                return request.socket.destroy();
              }
              if (!response.destroyed) response.writeHead(answer.statusCode ?? 502, answer.headers).end(all);
            });
          },
        );
        forward.on('error', () => request.socket.destroy());
        forward.end(body);
      })();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    if (down === 'refuse') socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    log,
    setDown: (fault) => {
      down = fault;
      if (fault === 'refuse') for (const s of sockets) s.destroy();
    },
    queue: (...faults) => pending.push(...faults),
    beforeCreate: (hook) => {
      createHook = hook;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** The most requests seen in any 60-second window. */
export function peakPerMinute(log: readonly ProxyLogEntry[]): number {
  let peak = 0;
  let start = 0;
  for (let end = 0; end < log.length; end++) {
    while (log[end]!.at - log[start]!.at >= 60_000) start++;
    peak = Math.max(peak, end - start + 1);
  }
  return peak;
}
