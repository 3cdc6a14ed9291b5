/**
 * The gateway's core in the test's own process, without HTTP: a real gateway.db in a fresh directory,
 * a manual clock, random ids. For tests that drive PaymentCreation, the store or the engine directly.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openGatewayDb } from '../../electron/gateway/db.js';
import { createGateway, type Gateway } from '../../electron/gateway/gateway.js';
import { ManualClock } from '../../electron/platform/clock.js';
import type { Db } from '../../electron/platform/db.js';
import { randomIds } from '../../electron/platform/ids.js';
import { silentLogger } from '../../electron/platform/logger.js';

export interface GatewayCore {
  db: Db;
  gateway: Gateway;
  clock: ManualClock;
  /** Closes the gateway and the database, and removes the directory. */
  close: () => Promise<void>;
}

export function openGatewayCore(nowMs: number, mode: 'sandbox' | 'live' = 'sandbox'): GatewayCore {
  const dir = mkdtempSync(join(tmpdir(), 'pd-gateway-core-'));
  const db = openGatewayDb(join(dir, 'gateway.db'));
  const clock = new ManualClock(nowMs);
  const gateway = createGateway({
    db,
    clock,
    logger: silentLogger,
    mode,
    version: 'test',
    ids: randomIds,
    merchantKey: 'k',
    origin: () => 'http://127.0.0.1',
  });
  const close = async () => {
    await gateway.close();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  };
  return { db, gateway, clock, close };
}
