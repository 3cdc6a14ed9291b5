/**
 * bench/callbacks: deliveries/s of the gateway's callback engine (outbox in SQLite, dispatcher,
 * signed HTTPS) to a local HTTPS receiver, against a bare HTTPS client loop posting the same
 * bodies to the same receiver with the same concurrency, in the same run. Figures and a ratio.
 */
import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import https from 'node:https';
import tls from 'node:tls';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { CallbackDispatcher } from '../electron/gateway/callbacks/dispatcher.js';
import { CallbackSender } from '../electron/gateway/callbacks/sender.js';
import { CallbackStore } from '../electron/gateway/callbacks/store.js';
import { callbackTablesSql } from '../electron/gateway/migrations/003-callback-outbox.js';
import { callbackOriginIndexSql } from '../electron/gateway/migrations/005-callback-origin-index.js';
import { systemClock } from '../electron/platform/clock.js';
import { silentLogger } from '../electron/platform/logger.js';
import { loadOrCreateTillIdentity, trustBundle } from '../electron/platform/tls.js';

const root = join(import.meta.dirname, '..');
const COUNT = Number(process.env.BENCH_DELIVERIES ?? 3000);
/** The engine sends at most 8 at once to one endpoint (fairness between endpoints); the loop does too. */
const CONCURRENCY = 8;

export async function runCallbackBench(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-bench-cb-'));
  const identity = await loadOrCreateTillIdentity(dir);
  const child = spawn(
    process.execPath,
    ['bench/https-receiver.mjs', join(dir, 'till-cert.pem'), join(dir, 'till-key.pem')],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const line = await new Promise<string>((resolve) => createInterface({ input: child.stdout! }).once('line', resolve));
  const url = line.replace(/^ready /, '');
  const body = (i: number) =>
    JSON.stringify({
      orderId: `bench-${i}`,
      traceId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      payeeId: 'p',
      callbackEvent: 'success',
    });
  try {
    // The bare loop: keep-alive HTTPS posts, CONCURRENCY in flight, nothing recorded.
    const agent = new https.Agent({
      keepAlive: true,
      maxSockets: CONCURRENCY,
      secureContext: tls.createSecureContext({ ca: trustBundle([identity.cert]) }),
    });
    const post = (i: number) =>
      new Promise<void>((resolve, reject) => {
        const request = https.request(
          `${url}/hook`,
          { method: 'POST', agent, headers: { 'content-type': 'application/json' } },
          (response) => {
            response.resume();
            response.on('end', () => resolve());
          },
        );
        request.on('error', reject);
        request.end(body(i));
      });
    const bareStarted = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < COUNT) await post(next++);
      }),
    );
    const bareSeconds = (performance.now() - bareStarted) / 1000;
    agent.destroy();

    // The engine: rows in a real SQLite file, the dispatcher at the same concurrency per endpoint.
    const db = new Database(join(dir, 'gateway.db'));
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.exec(callbackTablesSql);
    db.exec(callbackOriginIndexSql);
    const store = new CallbackStore(db);
    const sender = new CallbackSender({
      mode: 'sandbox',
      allowlist: () => [],
      trustedCa: trustBundle([identity.cert]),
      merchantKey: () => 'bench-key',
      realNowSeconds: () => Date.now() / 1000,
    });
    const dispatcher = new CallbackDispatcher({ store, sender, clock: systemClock, logger: silentLogger });
    const enqueue = db.transaction(() => {
      for (let i = 0; i < COUNT; i++)
        store.enqueue({
          deliveryId: `d-${i}`,
          traceId: `t-${i}`,
          event: 'success',
          url: `${url}/hook`,
          origin: new URL(url).origin,
          body: body(i),
          nowMs: Date.now(),
        });
    });
    enqueue();
    const started = performance.now();
    dispatcher.start();
    const delivered = db.prepare("SELECT count(*) AS n FROM callback_deliveries WHERE status = 'delivered'").pluck();
    while ((delivered.get() as number) < COUNT) await new Promise((resolve) => setTimeout(resolve, 20));
    const engineSeconds = (performance.now() - started) / 1000;
    await dispatcher.stop();
    db.close();

    const engineRate = COUNT / engineSeconds;
    const bareRate = COUNT / bareSeconds;
    console.log('');
    console.log(
      `bench/callbacks: ${COUNT} deliveries to one local HTTPS receiver, ${CONCURRENCY} in flight (the engine's per-endpoint limit)`,
    );
    console.log(`callback engine (outbox, signature, log): ${engineRate.toFixed(0)} deliveries/s`);
    console.log(`bare HTTPS client loop:                   ${bareRate.toFixed(0)} requests/s`);
    console.log(`engine vs bare: ${((engineRate / bareRate) * 100).toFixed(1)}% (goal >= 50%)`);
  } finally {
    child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}
