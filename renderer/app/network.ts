/**
 * The payer's network in words: a token on a smart-contract chain names its standard ("Ethereum
 * (ERC-20)"), so a payer never sends USDT on the wrong chain; Lightning is an invoice, not a chain.
 */
const NATIVE: Record<string, string> = { Ethereum: 'ETH', Tron: 'TRX', 'BNB Smart Chain': 'BNB', Polygon: 'POL' };
const STANDARD: Record<string, string> = {
  Ethereum: 'ERC-20',
  Tron: 'TRC-20',
  'BNB Smart Chain': 'BEP-20',
  Polygon: 'ERC-20',
};

export function networkLabel(network: string, symbol: string): string {
  const standard = STANDARD[network];
  if (standard && NATIVE[network] !== symbol) return `${network} (${standard})`;
  return network;
}

export const isLightning = (network: string): boolean => network === 'Lightning';

/** Seconds as m:ss (or h:mm:ss), for countdowns a cashier reads at a glance. */
export function clockText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${String(m).padStart(2, '0')}:${ss}`;
}
