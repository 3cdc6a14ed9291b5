/**
 * An exchange's public spot-price endpoint over HTTPS (README "Price sources"): one GET per distinct
 * URL (`{symbol}` filled in per pair), the answer read as JSON and the price found at the configured
 * path, checked with a schema (a decimal string or a finite number, inside the allowed range). The
 * client trusts the platform's CAs and the gateway's extra ones (the till's own certificate); it never
 * turns verification off, follows no redirect, and reads at most 64 KB within 5 s.
 */
import https from 'node:https';
import { z } from 'zod';
import { plainNumberText } from '../../../shared/money.js';
import { trustBundle } from '../../platform/tls.js';
import type { SpotSourceConfig } from './config.js';
import { checkedPrice, inverse, type PriceObservation, type PriceSource } from './source.js';

const MAX_BODY = 64 * 1024;
const TIMEOUT_MS = 5000;

/** What may sit at the path: a decimal as text or as a JSON number. */
const PriceValueSchema = z.union([
  z.string().max(40),
  z
    .number()
    .finite()
    .positive()
    .transform((n) => plainNumberText(n)),
]);

/** The value at a dot path of keys and array indexes, or undefined. */
export function atPath(value: unknown, path: string): unknown {
  let here: unknown = value;
  for (const part of path.split('.')) {
    if (Array.isArray(here) && /^\d+$/.test(part)) here = here[Number(part)];
    else if (here !== null && typeof here === 'object' && Object.hasOwn(here, part))
      here = (here as Record<string, unknown>)[part];
    else return undefined;
  }
  return here;
}

export class SpotSource implements PriceSource {
  readonly kind = 'spot' as const;
  readonly id: string;
  readonly keys: readonly string[];
  private readonly agent: https.Agent;

  /** `trustedCa`: the whole trust bundle (platform CAs and extra ones, platform/tls.ts); the platform's when empty. */
  constructor(
    private readonly config: SpotSourceConfig,
    private readonly realNow: () => number,
    trustedCa: readonly string[] = [],
  ) {
    this.id = config.id;
    this.keys = config.pairs.map((p) => p.key);
    this.agent = new https.Agent({
      keepAlive: true,
      maxSockets: 2,
      ca: trustedCa.length > 0 ? [...trustedCa] : trustBundle(),
    });
  }

  async fetch(): Promise<PriceObservation[]> {
    const answers = new Map<string, Promise<unknown>>();
    const out: PriceObservation[] = [];
    for (const pair of this.config.pairs) {
      const url = this.config.url.replaceAll('{symbol}', encodeURIComponent(pair.symbol));
      if (!answers.has(url)) answers.set(url, this.get(url));
      const body = await answers.get(url)!;
      const path = this.config.path.replaceAll('{symbol}', pair.symbol);
      const found = PriceValueSchema.safeParse(atPath(body, path));
      if (!found.success) throw new Error(`${pair.symbol}: the answer has no price at ${path}`);
      const price = checkedPrice(found.data, pair.symbol);
      out.push({
        key: pair.key,
        usdPrice: pair.invert ? inverse(price) : price,
        observedAtMs: this.realNow(),
        maxAgeMs: this.config.maxAgeSeconds * 1000,
      });
    }
    return out;
  }

  private get(url: string): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const request = https.get(url, { agent: this.agent, headers: { accept: 'application/json' } }, (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_BODY) request.destroy(new Error('the answer is larger than 64 KB'));
          else chunks.push(chunk);
        });
        response.on('end', () => {
          if (response.statusCode !== 200) return reject(new Error(`HTTP ${response.statusCode ?? 0}`));
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
          } catch {
            reject(new Error('the answer is not JSON'));
          }
        });
        response.on('error', reject);
      });
      request.setTimeout(TIMEOUT_MS, () => request.destroy(new Error(`no answer within ${TIMEOUT_MS / 1000} s`)));
      request.on('error', reject);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}
