/**
 * The catalogue: networks, payment assets, fiat and crypto quote assets, and their limits. This
 * module owns the tables `networks`, `assets`, `fiat_currencies` and `crypto_quote_assets`.
 * Read-mostly, so it is held in memory and reloaded after a write; the database is the truth.
 */
import type { Db } from '../platform/db.js';
import { seedBundledRates } from './rates.js';
import { ASSET_SEED, CRYPTO_QUOTE_IDS, FIAT_SEED, NETWORK_SEED } from './seed.js';

export interface Network {
  network: string;
  requiredConfirmations: number;
  proxy: boolean;
  explorerTxUrl: string;
  addressStyle: 'bech32' | 'evm' | 'tron' | 'base58' | 'lightning';
}

export interface Asset {
  assetId: string;
  symbol: string;
  name: string;
  network: string;
  chainAssetId: string;
  precision: number;
  onChainSupported: boolean;
  minPaymentAmount: string;
  maxPaymentAmount: string;
  iconUrl: string;
  live: boolean;
}

export interface Fiat {
  code: string;
  symbol: string;
  decimalDigit: number;
  minQuoteAmount: string;
  maxQuoteAmount: string;
}

/** A quote asset: a fiat currency or a crypto asset. */
export type QuoteAsset =
  | { kind: 'fiat'; id: string; symbol: string; decimalDigit: number; minQuoteAmount: string; maxQuoteAmount: string }
  | {
      kind: 'crypto';
      id: string;
      symbol: string;
      decimalDigit: number;
      minQuoteAmount: string;
      maxQuoteAmount: string;
      asset: Asset;
    };

/** Seeds the bundled catalogue into an empty database (first start). */
export function seedCatalog(db: Db, nowMs: number): void {
  const count = (db.prepare('SELECT count(*) AS n FROM assets').get() as { n: number }).n;
  if (count > 0) return;
  db.transaction(() => {
    const net = db.prepare(
      'INSERT INTO networks (network, required_confirmations, proxy, explorer_tx_url, address_style) VALUES (?, ?, ?, ?, ?)',
    );
    for (const n of NETWORK_SEED)
      net.run(n.network, n.requiredConfirmations, n.proxy ? 1 : 0, n.explorerTxUrl, n.addressStyle);
    const asset = db.prepare(
      'INSERT INTO assets (asset_id, symbol, name, network, chain_asset_id, precision, on_chain_supported, min_payment_amount, max_payment_amount, icon_url, sort) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    ASSET_SEED.forEach((a, i) => {
      asset.run(
        a.assetId,
        a.symbol,
        a.name,
        a.network,
        a.chainAssetId,
        a.precision,
        a.onChainSupported ? 1 : 0,
        a.minPaymentAmount,
        a.maxPaymentAmount,
        a.iconUrl,
        i,
      );
    });
    const fiat = db.prepare(
      'INSERT INTO fiat_currencies (code, symbol, decimal_digit, min_quote_amount, max_quote_amount, sort) VALUES (?, ?, ?, ?, ?, ?)',
    );
    FIAT_SEED.forEach((f, i) => {
      fiat.run(f.code, f.symbol, f.decimalDigit, f.minQuoteAmount, f.maxQuoteAmount, i);
    });
    seedBundledRates(
      db,
      [
        ...ASSET_SEED.map((a) => ({ key: a.assetId, usdPrice: a.usdPrice })),
        ...FIAT_SEED.map((f) => ({ key: f.code, usdPrice: f.usdPrice })),
      ],
      nowMs,
    );
    const cq = db.prepare('INSERT INTO crypto_quote_assets (asset_id, sort) VALUES (?, ?)');
    CRYPTO_QUOTE_IDS.forEach((id, i) => cq.run(id, i));
  })();
}

interface AssetRow {
  asset_id: string;
  symbol: string;
  name: string;
  network: string;
  chain_asset_id: string;
  precision: number;
  on_chain_supported: number;
  min_payment_amount: string;
  max_payment_amount: string;
  icon_url: string;
  live: number;
}

export class Catalog {
  networks = new Map<string, Network>();
  assets = new Map<string, Asset>();
  fiats = new Map<string, Fiat>();
  cryptoQuoteIds: string[] = [];

  constructor(private readonly db: Db) {
    this.reload();
  }

  /** Which assets a real rail carries (live mode offers only these), and their networks' confirmations. */
  setLive(assetIds: ReadonlySet<string>, confirmations: ReadonlyMap<string, number>): void {
    this.db.transaction(() => {
      const mark = this.db.prepare('UPDATE assets SET live = ? WHERE asset_id = ?');
      for (const id of this.assets.keys()) mark.run(assetIds.has(id) ? 1 : 0, id);
      const confirm = this.db.prepare('UPDATE networks SET required_confirmations = ? WHERE network = ?');
      for (const [network, n] of confirmations) confirm.run(n, network);
    })();
    this.reload();
  }

  reload(): void {
    this.networks = new Map(
      (
        db_all(this.db, 'SELECT * FROM networks') as {
          network: string;
          required_confirmations: number;
          proxy: number;
          explorer_tx_url: string;
          address_style: Network['addressStyle'];
        }[]
      ).map((r) => [
        r.network,
        {
          network: r.network,
          requiredConfirmations: r.required_confirmations,
          proxy: r.proxy === 1,
          explorerTxUrl: r.explorer_tx_url,
          addressStyle: r.address_style,
        },
      ]),
    );
    this.assets = new Map(
      (db_all(this.db, 'SELECT * FROM assets ORDER BY sort') as AssetRow[]).map((r) => [
        r.asset_id,
        {
          assetId: r.asset_id,
          symbol: r.symbol,
          name: r.name,
          network: r.network,
          chainAssetId: r.chain_asset_id,
          precision: r.precision,
          onChainSupported: r.on_chain_supported === 1,
          minPaymentAmount: r.min_payment_amount,
          maxPaymentAmount: r.max_payment_amount,
          iconUrl: r.icon_url,
          live: r.live === 1,
        },
      ]),
    );
    this.fiats = new Map(
      (
        db_all(this.db, 'SELECT * FROM fiat_currencies ORDER BY sort') as {
          code: string;
          symbol: string;
          decimal_digit: number;
          min_quote_amount: string;
          max_quote_amount: string;
        }[]
      ).map((r) => [
        r.code,
        {
          code: r.code,
          symbol: r.symbol,
          decimalDigit: r.decimal_digit,
          minQuoteAmount: r.min_quote_amount,
          maxQuoteAmount: r.max_quote_amount,
        },
      ]),
    );
    this.cryptoQuoteIds = (
      db_all(this.db, 'SELECT asset_id FROM crypto_quote_assets ORDER BY sort') as { asset_id: string }[]
    ).map((r) => r.asset_id);
  }

  /** Assets offered in a mode: all in sandbox; only those with a real rail in live mode. */
  paymentAssets(mode: 'sandbox' | 'live'): Asset[] {
    return [...this.assets.values()].filter((a) => mode === 'sandbox' || a.live);
  }

  asset(id: string, mode: 'sandbox' | 'live'): Asset | undefined {
    const asset = this.assets.get(id.toLowerCase());
    return asset && (mode === 'sandbox' || asset.live) ? asset : undefined;
  }

  network(name: string): Network | undefined {
    return this.networks.get(name);
  }

  /** Quote assets: fiat codes (lower case) and a few crypto assets (their limits derive from the asset's). */
  quoteAssets(mode: 'sandbox' | 'live'): QuoteAsset[] {
    const fiat: QuoteAsset[] = [...this.fiats.values()].map((f) => ({
      kind: 'fiat',
      id: f.code,
      symbol: f.symbol,
      decimalDigit: f.decimalDigit,
      minQuoteAmount: f.minQuoteAmount,
      maxQuoteAmount: f.maxQuoteAmount,
    }));
    const crypto: QuoteAsset[] = this.cryptoQuoteIds
      .map((id) => this.asset(id, mode))
      .filter((a): a is Asset => a !== undefined)
      .map((a) => ({
        kind: 'crypto',
        id: a.assetId,
        symbol: a.symbol,
        decimalDigit: a.precision,
        minQuoteAmount: a.minPaymentAmount,
        maxQuoteAmount: a.maxPaymentAmount,
        asset: a,
      }));
    return [...fiat, ...crypto];
  }

  quoteAsset(id: string, mode: 'sandbox' | 'live'): QuoteAsset | undefined {
    const key = id.toLowerCase();
    return this.quoteAssets(mode).find((q) => q.id === key);
  }
}

function db_all(db: Db, sql: string): unknown[] {
  return db.prepare(sql).all();
}
