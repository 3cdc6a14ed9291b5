/**
 * Configuration of the live price sources (kept in gateway.db's meta, edited with the merchant key;
 * README "Price sources"): Chainlink-style aggregators read over the EVM rail's own JSON-RPC URLs, an
 * exchange's HTTPS spot-price endpoint, and merchant-set fixed prices; how often they are refreshed and
 * how far they may disagree. Everything here is judged from the text alone; the catalogue and the
 * rail's chains are checked by the routes.
 */
import { z } from 'zod';
import type { Db } from '../../platform/db.js';
import { readMeta, writeMeta } from '../db.js';
import { rpcUrlProblem } from '../rails/evm/config.js';

const PRICE = /^\d{1,13}(\.\d{1,18})?$/;

const sourceId = z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'must be 1 to 40 lower-case letters, digits or -');
/** An asset id of the catalogue or a fiat code (checked against the catalogue by the route). */
const rateKey = z
  .string()
  .min(2)
  .max(64)
  .transform((k) => k.toLowerCase());
const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte address');

const spotUrl = z.string().superRefine((value, ctx) => {
  const problem = rpcUrlProblem(value.replaceAll('{symbol}', 'x'));
  if (problem) return ctx.addIssue({ code: 'custom', message: problem });
  if (!value.startsWith('https://')) ctx.addIssue({ code: 'custom', message: 'must be an https URL' });
});

export const ChainlinkSourceSchema = z
  .object({
    id: sourceId,
    kind: z.literal('chainlink'),
    /** The EVM rail's network whose RPC URLs (and chain id) are used. */
    network: z.string().min(1).max(40),
    /** When given, must be the rail's chain id for that network (a feed address means nothing on another chain). */
    chainId: z.number().int().positive().optional(),
    feeds: z
      .array(
        z
          .object({
            key: rateKey,
            address,
            /** The feed's heartbeat: a round older than this is not used. */
            heartbeatSeconds: z.number().int().min(10).max(172_800),
          })
          .strict(),
      )
      .min(1)
      .max(50),
  })
  .strict();

export const SpotSourceSchema = z
  .object({
    id: sourceId,
    kind: z.literal('spot'),
    /** https URL; `{symbol}` is replaced by each pair's symbol. */
    url: spotUrl,
    /** Where the price sits in the JSON answer: dot-separated keys or array indexes (`data.0.price`); may hold `{symbol}`. */
    path: z
      .string()
      .regex(/^[A-Za-z0-9_${}-]+(\.[A-Za-z0-9_${}-]+)*$/, 'must be dot-separated keys such as data.price'),
    /** A fetched price is used for this long. */
    maxAgeSeconds: z.number().int().min(5).max(86_400).default(120),
    pairs: z
      .array(
        z
          .object({
            key: rateKey,
            symbol: z.string().regex(/^[A-Za-z0-9_.:-]{1,32}$/, 'must be 1 to 32 letters, digits or _.:-'),
            /** The endpoint answers units per USD (e.g. EUR per USD): use 1 / price. */
            invert: z.boolean().default(false),
          })
          .strict(),
      )
      .min(1)
      .max(50),
  })
  .strict();

export const FixedSourceSchema = z
  .object({
    id: sourceId,
    kind: z.literal('fixed'),
    prices: z
      .array(z.object({ key: rateKey, usdPrice: z.string().regex(PRICE, 'must be a positive decimal price') }).strict())
      .min(1)
      .max(50),
  })
  .strict();

export const PriceSourceConfigSchema = z.discriminatedUnion('kind', [
  ChainlinkSourceSchema,
  SpotSourceSchema,
  FixedSourceSchema,
]);

export const PriceSourcesConfigSchema = z
  .object({
    /** Sources are asked again this often (real seconds), sooner when a quote finds a price past half its age. */
    refreshSeconds: z.number().int().min(1).max(3600).default(60),
    /** Fresh sources further apart than this (of their median) stop quotes for that price. */
    maxDisagreementPercent: z
      .string()
      .regex(/^\d{1,2}(\.\d{1,4})?$/, 'must be a percentage such as 2')
      .default('2'),
    sources: z
      .array(PriceSourceConfigSchema)
      .max(10)
      .superRefine((sources, ctx) => {
        const seen = new Set<string>();
        sources.forEach((source, i) => {
          if (seen.has(source.id)) ctx.addIssue({ code: 'custom', path: [i, 'id'], message: 'is used twice' });
          seen.add(source.id);
        });
      }),
  })
  .strict();

export type PriceSourcesConfig = z.infer<typeof PriceSourcesConfigSchema>;
export type PriceSourceConfig = z.infer<typeof PriceSourceConfigSchema>;
export type ChainlinkSourceConfig = z.infer<typeof ChainlinkSourceSchema>;
export type SpotSourceConfig = z.infer<typeof SpotSourceSchema>;
export type FixedSourceConfig = z.infer<typeof FixedSourceSchema>;

export const EMPTY_CONFIG: PriceSourcesConfig = { refreshSeconds: 60, maxDisagreementPercent: '2', sources: [] };

/** The keys (asset ids, fiat codes) a source prices. */
export function keysOf(source: PriceSourceConfig): string[] {
  switch (source.kind) {
    case 'chainlink':
      return source.feeds.map((f) => f.key);
    case 'spot':
      return source.pairs.map((p) => p.key);
    case 'fixed':
      return source.prices.map((p) => p.key);
  }
}

export function readPriceSources(db: Db): PriceSourcesConfig {
  const raw = readMeta(db, 'price_sources');
  if (!raw) return EMPTY_CONFIG;
  const parsed = PriceSourcesConfigSchema.safeParse(JSON.parse(raw));
  return parsed.success ? parsed.data : EMPTY_CONFIG;
}

export function writePriceSources(db: Db, config: PriceSourcesConfig): void {
  writeMeta(db, 'price_sources', JSON.stringify(config));
}
