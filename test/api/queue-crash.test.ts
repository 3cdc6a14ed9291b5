/**
 * A crash while the offline queue is being flushed: the till host is killed with SIGKILL after
 * some queued orders reached the gateway; after a restart the rest are sent, and every order has
 * exactly one gateway payment with the till's own identifiers.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { startFaultProxy, type FaultProxy } from '../helpers/fault-proxy.js';
import { startHost, type HostProcess } from '../helpers/host.js';
import { posOverHttp } from '../helpers/pos-http.js';

const USDT = '4d8c508b-91c5-375b-92b0-ee702ed2dac5';
const hosts: HostProcess[] = [];
let proxy: FaultProxy | undefined;
afterAll(async () => {
  for (const host of hosts) await host.stop('SIGKILL');
  await proxy?.close();
});

/** The PosApi over the host's HTTP bridge (test/helpers/pos-http.ts): answers the result or throws. */
async function bridge(host: HostProcess) {
  return (await posOverHttp(host)).call;
}

describe('queue flush across a crash', () => {
  it('resumes where it was: the rest are created, none twice', async () => {
    const gatewayHost = await startHost();
    hosts.push(gatewayHost);
    proxy = await startFaultProxy(gatewayHost.url);
    const till = await startHost();
    hosts.push(till);
    let pos = await bridge(till);
    await pos('settings.save', { payeeNetworkId: '7000101', gateway: { kind: 'hosted', baseUrl: proxy.url } });
    await pos('assets.quote');

    proxy.setDown('refuse');
    const orders: any[] = [];
    for (let i = 1; i <= 6; i++)
      orders.push(
        await pos('order.create', {
          quoteAssetId: 'usd',
          quoteAmount: String(i),
          paymentAssetId: USDT,
          isChain: false,
        }),
      );
    expect(orders.every((o) => o.status === 'queued')).toBe(true);

    // The link returns, slowly: each create takes 700 ms; kill the till after two went through.
    let forwarded = 0;
    proxy.beforeCreate(async () => {
      await new Promise((resolve) => setTimeout(resolve, 700));
      forwarded += 1;
    });
    proxy.setDown(null);
    await expect.poll(() => forwarded, { timeout: 20_000, interval: 50 }).toBeGreaterThanOrEqual(2);
    await till.stop('SIGKILL');
    const sentBeforeCrash = forwarded;
    expect(sentBeforeCrash).toBeLessThan(6);

    proxy.beforeCreate(null);
    const restarted = await startHost({ dataDir: till.dataDir });
    hosts.push(restarted);
    pos = await bridge(restarted);
    for (const order of orders) {
      await expect
        .poll(async () => (await pos('order.get', { orderId: order.orderId })).status, {
          timeout: 30_000,
          interval: 250,
        })
        .toBe('unpaid');
    }
    for (const order of orders) {
      const answer = (await (
        await fetch(`${gatewayHost.url}/v1/payments_result?orderId=${order.orderId}&payeeId=${order.payeeId}`)
      ).json()) as any;
      expect(answer.data.traceId).toBe(order.traceId);
    }
    // Every order reached the gateway; retries reused the identifiers, so each has one payment.
    const created = new Set(proxy.log.filter((e) => e.path === '/v1/payments').map((e) => JSON.parse(e.body).traceId));
    expect(created.size).toBe(6);
  }, 90_000);
});
