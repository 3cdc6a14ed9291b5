/**
 * Due work survives `kill -9` (docs/architecture.md, "Due work"). A till host uses a hosted gateway
 * (another host) through a counting proxy that refuses creates and refreshes: one order is queued
 * (its send is due), one instruction's window has ended on the gateway's clock (its refresh is due),
 * and an open order's poll is due. The till is killed with SIGKILL and started again on the same data
 * directory: each of the three happens exactly once, and till.db's due work moves on from there.
 */
import Database from 'better-sqlite3';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startHost, type HostProcess } from '../helpers/host.js';
import { posOverHttp } from '../helpers/pos-http.js';

const USDT = '4d8c508b-91c5-375b-92b0-ee702ed2dac5';
const DAY = 24 * 3600_000;
const hosts: HostProcess[] = [];
let proxy: CountingProxy | undefined;
afterAll(async () => {
  for (const host of hosts) await host.stop('SIGKILL');
  await proxy?.close();
});

interface Forwarded {
  method: string;
  path: string;
  traceId: string;
  refused: boolean;
}
interface CountingProxy {
  url: string;
  log: Forwarded[];
  /** Requests for which this answers true are refused (the connection is dropped). */
  refuse: (method: string, path: string) => boolean;
  close(): Promise<void>;
}

/** Forwards to the gateway, logging each request with the traceId it names. */
async function countingProxy(upstream: string): Promise<CountingProxy> {
  const target = new URL(upstream);
  const state: CountingProxy = { url: '', log: [], refuse: () => false, close: async () => {} };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const path = request.url ?? '';
      const method = request.method ?? '';
      const traceId =
        method === 'POST'
          ? String((JSON.parse(body.toString() || '{}') as { traceId?: string }).traceId ?? '')
          : (new URL(path, 'http://x').searchParams.get('traceId') ?? '');
      const refused = state.refuse(method, path.split('?')[0]!);
      state.log.push({ method, path: path.split('?')[0]!, traceId, refused });
      if (refused) return request.socket.destroy();
      const forward = http.request(
        { host: target.hostname, port: target.port, path, method, headers: { ...request.headers, host: target.host } },
        (answer) => {
          const parts: Buffer[] = [];
          answer.on('data', (c: Buffer) => parts.push(c));
          answer.on('end', () =>
            response.writeHead(answer.statusCode ?? 502, answer.headers).end(Buffer.concat(parts)),
          );
        },
      );
      forward.on('error', () => request.socket.destroy());
      forward.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}

/** The PosApi over the host's HTTP bridge (test/helpers/pos-http.ts): answers the result or throws. */
async function bridge(host: HostProcess) {
  return (await posOverHttp(host)).call;
}

interface DueRow {
  order_id: string;
  kind: string;
  due_at: number;
}
function dueWork(dataDir: string): DueRow[] {
  const db = new Database(join(dataDir, 'till.db'), { readonly: true });
  try {
    return db.prepare('SELECT order_id, kind, due_at FROM due_work ORDER BY id').all() as DueRow[];
  } finally {
    db.close();
  }
}

describe('due work across kill -9', () => {
  it('after a restart, the due send, refresh and poll each happen exactly once', async () => {
    const gatewayHost = await startHost();
    hosts.push(gatewayHost);
    proxy = await countingProxy(gatewayHost.url);
    const till = await startHost();
    hosts.push(till);
    let pos = await bridge(till);
    await pos('settings.save', { payeeNetworkId: '7000101', gateway: { kind: 'hosted', baseUrl: proxy.url } });
    await pos('assets.quote');
    const order = (amount: string) =>
      pos('order.create', { quoteAssetId: 'usd', quoteAmount: amount, paymentAssetId: USDT, isChain: false });

    const polled = await order('3'); // its poll will be due; it is made old while the till is down
    const renewing = await order('4'); // its instruction's window will end
    expect([polled.status, renewing.status]).toEqual(['unpaid', 'unpaid']);
    proxy.refuse = (method, path) => method === 'POST' && (path === '/v1/payments' || path === '/v1/payments/refresh');
    const queued = await order('5');
    expect(queued.status).toBe('queued');

    // The gateway's clock passes the end of the wallet instructions' 60 s window; the till learns
    // of it from its next poll, and its refresh is refused by the proxy, so it stays due.
    const moved = await fetch(`${gatewayHost.url}/v1/sandbox/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advanceSeconds: 120 }),
    });
    expect(moved.status).toBe(200);
    const refreshTried = () =>
      proxy!.log.some((e) => e.path === '/v1/payments/refresh' && e.traceId === renewing.traceId);
    await expect.poll(refreshTried, { timeout: 15_000, interval: 100 }).toBe(true);

    // What is due is in till.db, not in memory.
    const before = dueWork(till.dataDir);
    const has = (rows: DueRow[], orderId: string, kind: string) =>
      rows.some((r) => r.order_id === orderId && r.kind === kind);
    expect(has(before, queued.orderId, 'send')).toBe(true);
    expect(has(before, renewing.orderId, 'refresh')).toBe(true);
    expect(has(before, polled.orderId, 'poll')).toBe(true);
    expect(has(before, queued.orderId, 'poll')).toBe(false); // not polled before the gateway has it

    await till.stop('SIGKILL');

    // While it is down: the polled order becomes two days old (polled every 30 minutes from now on),
    // and its own ended window is no longer renewed (the payer has long gone).
    const file = new Database(join(till.dataDir, 'till.db'));
    file.prepare('UPDATE orders SET created_at = created_at - ? WHERE order_id = ?').run(2 * DAY, polled.orderId);
    file.close();
    proxy.refuse = () => false;
    const mark = proxy.log.length;
    const restarted = await startHost({ dataDir: till.dataDir });
    hosts.push(restarted);
    pos = await bridge(restarted);

    const since = () => proxy!.log.slice(mark).filter((e) => !e.refused);
    const count = (method: string, path: string, traceId: string) =>
      since().filter((e) => e.method === method && e.path === path && e.traceId === traceId).length;
    await expect
      .poll(
        () => [
          count('POST', '/v1/payments', queued.traceId),
          count('POST', '/v1/payments/refresh', renewing.traceId),
          count('GET', '/v1/payments_result', polled.traceId),
        ],
        { timeout: 20_000, interval: 100 },
      )
      .toEqual([1, 1, 1]);
    // A few more seconds: nothing is done twice (young orders are polled every second meanwhile).
    await new Promise((resolve) => setTimeout(resolve, 4000));
    expect(count('POST', '/v1/payments', queued.traceId)).toBe(1);
    expect(count('POST', '/v1/payments/refresh', renewing.traceId)).toBe(1);
    expect(count('GET', '/v1/payments_result', polled.traceId)).toBe(1);
    expect(count('POST', '/v1/payments/refresh', polled.traceId)).toBe(0);
    expect(
      since().filter((e) => e.path === '/v1/payments_result' && e.traceId === renewing.traceId).length,
    ).toBeGreaterThan(1);

    // The till's records agree: the queued order is at the gateway with its own identifiers, the
    // renewed one shows its new instruction, and the due work moved on.
    const list: any[] = await pos('order.list', {});
    const byId = new Map(list.map((o) => [o.orderId, o]));
    expect(byId.get(queued.orderId)).toMatchObject({ status: 'unpaid', traceId: queued.traceId });
    expect(byId.get(renewing.orderId).instruction.clientId).not.toBe(renewing.instruction.clientId);
    expect(byId.get(renewing.orderId).history.filter((h: any) => h.kind === 'instruction')).toHaveLength(2);
    const result = (await (
      await fetch(`${gatewayHost.url}/v1/payments_result?orderId=${queued.orderId}&payeeId=${queued.payeeId}`)
    ).json()) as any;
    expect(result.data.traceId).toBe(queued.traceId);
    const after = dueWork(till.dataDir);
    const now = Date.now();
    expect(has(after, queued.orderId, 'send')).toBe(false);
    expect(has(after, queued.orderId, 'poll')).toBe(true);
    expect(has(after, polled.orderId, 'refresh')).toBe(false);
    const nextPoll = after.find((r) => r.order_id === polled.orderId && r.kind === 'poll')!;
    expect(nextPoll.due_at).toBeGreaterThan(now + 25 * 60_000);
    const nextRefresh = after.find((r) => r.order_id === renewing.orderId && r.kind === 'refresh')!;
    expect(nextRefresh.due_at).toBeGreaterThan(now);
  }, 90_000);
});
