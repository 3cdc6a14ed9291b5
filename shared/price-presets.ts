/**
 * Preset Chainlink price feeds (README "Price sources"): the aggregator addresses on Ethereum mainnet
 * (chain id 1) for the assets and currencies of the catalogue, keyed by asset id or fiat code, with each
 * feed's heartbeat. Shared so the owner's form can offer them; the gateway checks them like any input.
 * Check them against data.chain.link before relying on them: feeds are sometimes replaced.
 */
export interface FeedPreset {
  key: string;
  label: string;
  address: string;
  heartbeatSeconds: number;
}

export const ETHEREUM_MAINNET_FEEDS: readonly FeedPreset[] = [
  {
    key: '43d61dcd-e413-450d-80b8-101d5e903357',
    label: 'ETH / USD',
    address: '0x5f4eC3Df9cbd43714FE2740f5E3616155c5b8419',
    heartbeatSeconds: 3600,
  },
  {
    key: 'c6d0c728-2624-429b-8e0d-d9d19b6592fa',
    label: 'BTC / USD',
    address: '0xF4030086522a5bEEa4988F8cA5B36dbC97BeE88c',
    heartbeatSeconds: 3600,
  },
  {
    key: '4d8c508b-91c5-375b-92b0-ee702ed2dac5',
    label: 'USDT / USD',
    address: '0x3E7d1eAB13ad0104d2750B8863b489D65364e32D',
    heartbeatSeconds: 86_400,
  },
  {
    key: '9b180ab6-6abe-3dc0-a13f-04169eb34bfa',
    label: 'USDC / USD',
    address: '0x8fFfFfd4AfB6115b954Bd326cbe7B4BA576818f6',
    heartbeatSeconds: 86_400,
  },
  { key: 'eur', label: 'EUR / USD', address: '0xb49f677943BC038e9857d61E7d053CaA2C1734C1', heartbeatSeconds: 86_400 },
  { key: 'gbp', label: 'GBP / USD', address: '0x5c0Ab2d9b5a7ed9f470386e82BB36A3613cDd4b5', heartbeatSeconds: 86_400 },
  { key: 'jpy', label: 'JPY / USD', address: '0xBcE206caE7f0ec07b545EddE332A47C2F75bbeb3', heartbeatSeconds: 86_400 },
];
