import { afterAll, describe, expect, it } from 'vitest';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { startHost, tempDataDir, type HostProcess } from '../helpers/host.js';

describe('headless host (npm run -s serve)', () => {
  const started: HostProcess[] = [];
  afterAll(async () => {
    await Promise.all(started.map((h) => h.stop('SIGKILL')));
  });

  it('prints the ready line first, serves the renderer, the /v1 envelope and the PosApi, and exits 0 on SIGTERM', async () => {
    const t0 = Date.now();
    const host = await startHost({ viaNpm: true });
    started.push(host);
    expect(Date.now() - t0).toBeLessThan(30_000);

    const page = await fetch(`${host.url}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.headers.get('content-security-policy')).toMatch(/default-src 'self'/);
    const html = await page.text();
    expect(html).toContain('<div id="root">');
    const token = /name="paydesk-token" content="([0-9a-f]{64})"/.exec(html)?.[1];
    expect(token).toBeDefined();

    const health = (await (await fetch(`${host.url}/v1/health`)).json()) as Record<string, unknown>;
    expect(health).toMatchObject({ code: 0, success: true, message: '', data: { status: 'ok', mode: 'sandbox' } });
    expect(typeof health.timestampMs).toBe('number');

    const missing = await fetch(`${host.url}/v1/no-such-thing`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ success: false, data: [] });

    const denied = await fetch(`${host.url}/pos/call/app.info`, {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(denied.status).toBe(401);
    const info = await fetch(`${host.url}/pos/call/app.info`, {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    });
    expect(await info.json()).toMatchObject({
      ok: true,
      result: { name: 'Paydesk', mode: 'sandbox', shell: 'host', gatewayUrl: host.url },
    });

    const key = join(host.dataDir, 'merchant-key');
    expect(existsSync(key)).toBe(true);
    expect(statSync(key).mode & 0o777).toBe(0o600);
    for (const db of ['gateway.db', 'till.db']) expect(existsSync(join(host.dataDir, db))).toBe(true);

    expect(await host.stop('SIGTERM')).toBe(0);
  });

  it('keeps a data directory in the mode it was created with', async () => {
    const dataDir = tempDataDir();
    const first = await startHost({ dataDir });
    expect(await first.stop()).toBe(0);
    await expect(startHost({ dataDir, args: ['--mode', 'live'] })).rejects.toThrow(/runs in sandbox mode/);
  });

  it('rejects a bad option with a message naming it', async () => {
    await expect(startHost({ args: ['--port', 'abc'] })).rejects.toThrow(/--port: must be a whole number/);
  });
});
