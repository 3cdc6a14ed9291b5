/**
 * Bundled catalogue of the embedded gateway: real asset ids (docs/api.md, "Compatibility with existing clients"), their networks,
 * precision and limits, fiat quote currencies, sandbox prices (USD per unit; these never go
 * stale) and the sandbox's demo users. Seeded into gateway.db at first start.
 */

export interface NetworkSeed {
  /** The `network` string of payment_assets items and of the sandbox API. */
  network: string;
  requiredConfirmations: number;
  /** Proxy payment methods (Lightning) cap the payment window at 60 minutes. */
  proxy: boolean;
  explorerTxUrl: string;
  /** Deposit address style for the sandbox's simulated addresses. */
  addressStyle: 'bech32' | 'evm' | 'tron' | 'base58' | 'lightning';
}

export interface AssetSeed {
  assetId: string;
  symbol: string;
  name: string;
  network: string;
  /** Id of the chain's native asset (chainAsset in the lists). */
  chainAssetId: string;
  /** Fractional digits a payer's amount may have. */
  precision: number;
  onChainSupported: boolean;
  minPaymentAmount: string;
  maxPaymentAmount: string;
  usdPrice: string;
  iconUrl: string;
}

export interface FiatSeed {
  code: string;
  symbol: string;
  decimalDigit: number;
  minQuoteAmount: string;
  maxQuoteAmount: string;
  usdPrice: string;
}

const icon = (symbol: string): string => `/icons/${symbol.toLowerCase()}.svg`;

export const NETWORK_SEED: readonly NetworkSeed[] = [
  {
    network: 'Bitcoin',
    requiredConfirmations: 2,
    proxy: false,
    explorerTxUrl: 'https://mempool.space/tx/',
    addressStyle: 'bech32',
  },
  {
    network: 'Ethereum',
    requiredConfirmations: 6,
    proxy: false,
    explorerTxUrl: 'https://etherscan.io/tx/',
    addressStyle: 'evm',
  },
  {
    network: 'Tron',
    requiredConfirmations: 3,
    proxy: false,
    explorerTxUrl: 'https://tronscan.org/#/transaction/',
    addressStyle: 'tron',
  },
  {
    network: 'Dogecoin',
    requiredConfirmations: 3,
    proxy: false,
    explorerTxUrl: 'https://blockchair.com/dogecoin/transaction/',
    addressStyle: 'base58',
  },
  {
    network: 'Litecoin',
    requiredConfirmations: 3,
    proxy: false,
    explorerTxUrl: 'https://blockchair.com/litecoin/transaction/',
    addressStyle: 'bech32',
  },
  { network: 'Lightning', requiredConfirmations: 0, proxy: true, explorerTxUrl: '', addressStyle: 'lightning' },
];

export const BTC = 'c6d0c728-2624-429b-8e0d-d9d19b6592fa';
export const ETH = '43d61dcd-e413-450d-80b8-101d5e903357';
export const USDT_ERC20 = '4d8c508b-91c5-375b-92b0-ee702ed2dac5';
export const USDT_TRC20 = 'b91e18ff-a9ae-3dc7-8679-e935d9a4b34b';
export const USDC_ERC20 = '9b180ab6-6abe-3dc0-a13f-04169eb34bfa';
export const XIN = 'c94ac88f-4671-3976-b60a-09064f1811e8';
export const DOGE = '6770a1e5-6086-44d5-b60f-545f9d9e8ffd';
export const LTC = '76c802a2-7c88-447f-a93e-c29c9e5dd9c8';
export const TRX = '25dabac5-056a-48ff-b9f9-f67395dc407c';
/** BTC paid over Lightning: a Paydesk id (the hosted service's is not public). */
export const BTC_LIGHTNING = '7d0a5d9e-3c2b-4e1f-9a8b-6c5d4e3f2a10';

export const ASSET_SEED: readonly AssetSeed[] = [
  {
    assetId: BTC,
    symbol: 'BTC',
    name: 'Bitcoin',
    network: 'Bitcoin',
    chainAssetId: BTC,
    precision: 8,
    onChainSupported: true,
    minPaymentAmount: '0.00001',
    maxPaymentAmount: '10',
    usdPrice: '64000',
    iconUrl: icon('BTC'),
  },
  {
    assetId: ETH,
    symbol: 'ETH',
    name: 'Ether',
    network: 'Ethereum',
    chainAssetId: ETH,
    precision: 8,
    onChainSupported: true,
    minPaymentAmount: '0.0001',
    maxPaymentAmount: '200',
    usdPrice: '3200',
    iconUrl: icon('ETH'),
  },
  {
    assetId: USDT_ERC20,
    symbol: 'USDT',
    name: 'Tether USD (ERC-20)',
    network: 'Ethereum',
    chainAssetId: ETH,
    precision: 6,
    onChainSupported: true,
    minPaymentAmount: '0.01',
    maxPaymentAmount: '1000000',
    usdPrice: '1',
    iconUrl: icon('USDT'),
  },
  {
    assetId: USDT_TRC20,
    symbol: 'USDT',
    name: 'Tether USD (TRC-20)',
    network: 'Tron',
    chainAssetId: TRX,
    precision: 6,
    onChainSupported: true,
    minPaymentAmount: '0.01',
    maxPaymentAmount: '1000000',
    usdPrice: '1',
    iconUrl: icon('USDT'),
  },
  {
    assetId: USDC_ERC20,
    symbol: 'USDC',
    name: 'USD Coin (ERC-20)',
    network: 'Ethereum',
    chainAssetId: ETH,
    precision: 6,
    onChainSupported: true,
    minPaymentAmount: '0.01',
    maxPaymentAmount: '1000000',
    usdPrice: '1',
    iconUrl: icon('USDC'),
  },
  {
    assetId: XIN,
    symbol: 'XIN',
    name: 'Mixin',
    network: 'Ethereum',
    chainAssetId: ETH,
    precision: 8,
    onChainSupported: false,
    minPaymentAmount: '0.0001',
    maxPaymentAmount: '2000',
    usdPrice: '150',
    iconUrl: icon('XIN'),
  },
  {
    assetId: DOGE,
    symbol: 'DOGE',
    name: 'Dogecoin',
    network: 'Dogecoin',
    chainAssetId: DOGE,
    precision: 8,
    onChainSupported: true,
    minPaymentAmount: '1',
    maxPaymentAmount: '2000000',
    usdPrice: '0.15',
    iconUrl: icon('DOGE'),
  },
  {
    assetId: LTC,
    symbol: 'LTC',
    name: 'Litecoin',
    network: 'Litecoin',
    chainAssetId: LTC,
    precision: 8,
    onChainSupported: true,
    minPaymentAmount: '0.001',
    maxPaymentAmount: '5000',
    usdPrice: '80',
    iconUrl: icon('LTC'),
  },
  {
    assetId: TRX,
    symbol: 'TRX',
    name: 'TRON',
    network: 'Tron',
    chainAssetId: TRX,
    precision: 6,
    onChainSupported: true,
    minPaymentAmount: '1',
    maxPaymentAmount: '2000000',
    usdPrice: '0.12',
    iconUrl: icon('TRX'),
  },
  {
    assetId: BTC_LIGHTNING,
    symbol: 'BTC',
    name: 'Bitcoin (Lightning)',
    network: 'Lightning',
    chainAssetId: BTC,
    precision: 8,
    onChainSupported: true,
    minPaymentAmount: '0.000001',
    maxPaymentAmount: '0.5',
    usdPrice: '64000',
    iconUrl: icon('BTC'),
  },
];

export const FIAT_SEED: readonly FiatSeed[] = [
  { code: 'usd', symbol: 'USD', decimalDigit: 2, minQuoteAmount: '0.01', maxQuoteAmount: '1000000', usdPrice: '1' },
  { code: 'eur', symbol: 'EUR', decimalDigit: 2, minQuoteAmount: '0.01', maxQuoteAmount: '1000000', usdPrice: '1.08' },
  { code: 'gbp', symbol: 'GBP', decimalDigit: 2, minQuoteAmount: '0.01', maxQuoteAmount: '1000000', usdPrice: '1.27' },
  { code: 'jpy', symbol: 'JPY', decimalDigit: 0, minQuoteAmount: '1', maxQuoteAmount: '150000000', usdPrice: '0.0067' },
  { code: 'cny', symbol: 'CNY', decimalDigit: 2, minQuoteAmount: '0.1', maxQuoteAmount: '7000000', usdPrice: '0.14' },
];

/** Crypto assets that may also be used as quote assets. */
export const CRYPTO_QUOTE_IDS: readonly string[] = [BTC, ETH, USDT_ERC20, USDC_ERC20];

export interface DemoUser {
  payeeId: string;
  networkId: string;
  fullName: string;
}

/** Sandbox demo users (listed in the README). */
export const DEMO_USERS: readonly DemoUser[] = [
  { payeeId: 'a1b2c3d4-0001-4000-8000-000000000001', networkId: '7000101', fullName: 'Corner Café (demo shop)' },
  { payeeId: 'a1b2c3d4-0002-4000-8000-000000000002', networkId: '7000102', fullName: 'Night Market Stall (demo shop)' },
  { payeeId: 'a1b2c3d4-0003-4000-8000-000000000003', networkId: '7000201', fullName: 'Alice (demo payer)' },
  { payeeId: 'a1b2c3d4-0004-4000-8000-000000000004', networkId: '7000202', fullName: 'Bob (demo payer)' },
];
