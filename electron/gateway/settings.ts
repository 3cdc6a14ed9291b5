/**
 * Merchant-editable gateway settings, kept as one JSON document in `meta` and validated on the
 * way in and out. Defaults suit the sandbox: no spread, review at 10,000 USD.
 */
import { z } from 'zod';
import { systemClock } from '../platform/clock.js';
import type { Db } from '../platform/db.js';
import { readMeta, writeMeta } from './db.js';
import { MetaFollower } from './meta-follower.js';

export const GatewaySettingsSchema = z
  .object({
    /** Added to the converted amount before rounding up, in percent ("0.5" = 0.5 %). */
    spreadPercent: z.string().regex(/^\d{1,2}(\.\d{1,4})?$/, 'must be a percentage such as 0.5'),
    /** A payment whose quote is worth at least this many USD goes to review once fully paid. */
    reviewThresholdUsd: z.string().regex(/^\d{1,12}(\.\d{1,2})?$/, 'must be a USD amount'),
    /** Callback origins exempt from the live-mode address policy, e.g. "https://10.0.0.5:8443". */
    callbackAllowlist: z
      .array(
        z
          .string()
          .url()
          .transform((u) => new URL(u).origin),
      )
      .max(50),
    /**
     * Browser origins (the merchant's own web shops) allowed to call /v1 across origins; every other
     * foreign origin's writes are refused (README "Security").
     */
    corsOrigins: z
      .array(
        z
          .string()
          .url()
          .refine((u) => /^https?:$/.test(new URL(u).protocol), 'must be an http(s) origin')
          .transform((u) => new URL(u).origin),
      )
      .max(50),
    /** Live rate sources older than this are refused for quotes. */
    rateMaxAgeSeconds: z.number().int().min(5).max(86_400),
    /** Public origin used in one-time checkout links; '' = the gateway's own loopback URL. */
    publicOrigin: z.union([
      z.literal(''),
      z
        .string()
        .url()
        .transform((u) => new URL(u).origin),
    ]),
    /** Sandbox settlement time (pending -> success), seconds of sandbox clock. */
    sandboxSettlementSeconds: z.number().int().min(0).max(3600),
    /** Sandbox chains mine by themselves every this many seconds (0 = only when asked). */
    sandboxAutoMineSeconds: z.number().int().min(0).max(3600),
  })
  .strict();

export type GatewaySettings = z.infer<typeof GatewaySettingsSchema>;

export const DEFAULT_SETTINGS: GatewaySettings = {
  spreadPercent: '0',
  reviewThresholdUsd: '10000',
  callbackAllowlist: [],
  corsOrigins: [],
  rateMaxAgeSeconds: 300,
  publicOrigin: '',
  sandboxSettlementSeconds: 10,
  sandboxAutoMineSeconds: 0,
};

function parseStored(stored: string | undefined): GatewaySettings {
  const parsed = stored ? GatewaySettingsSchema.partial().safeParse(JSON.parse(stored)) : undefined;
  return { ...DEFAULT_SETTINGS, ...(parsed?.success ? parsed.data : {}) };
}

export class SettingsStore {
  private current: GatewaySettings;
  /** Server processes sharing one database see each other's changes within half a second. */
  private readonly follower: MetaFollower;

  constructor(
    private readonly db: Db,
    realNow: () => number = systemClock.now,
  ) {
    this.follower = new MetaFollower(db, 'settings', realNow);
    this.current = parseStored(this.follower.text);
  }

  get(): GatewaySettings {
    if (this.follower.changed()) this.current = parseStored(this.follower.text);
    return this.current;
  }

  /** Validates a patch; throws the zod error (the API maps it to a parameter error). */
  update(patch: unknown): GatewaySettings {
    const parsed = GatewaySettingsSchema.partial().parse(patch);
    // Read and written in one transaction: a change another process just made is kept, not overwritten.
    this.db.transaction(() => {
      this.current = { ...parseStored(readMeta(this.db, 'settings')), ...parsed };
      const text = JSON.stringify(this.current);
      writeMeta(this.db, 'settings', text);
      this.follower.wrote(text);
    })();
    return this.current;
  }
}
