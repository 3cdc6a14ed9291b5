/**
 * The URI a payment QR carries. Wallet payments: `mixin://pay?recipient=&asset=&amount=&trace=&memo=`
 * (the wallet network's pay link). On chain: BIP21 for Bitcoin-like chains, EIP-681 for EVM chains
 * (native value in wei, tokens through their contract's `transfer`), `lightning:` for invoices, and
 * the bare address where no standard fits (the address, tag and amount are shown as text too).
 */
import { toBaseUnits } from './money.js';

export interface WalletPayment {
  recipient: string;
  assetId: string;
  amount: string;
  /** The payer's transfer id: a UUID per instruction, so scanning twice pays once. */
  trace: string;
  memo: string;
}

export function walletPaymentUri(p: WalletPayment): string {
  const query = new URLSearchParams({
    recipient: p.recipient,
    asset: p.assetId,
    amount: p.amount,
    trace: p.trace,
    memo: p.memo,
  });
  return `mixin://pay?${query.toString()}`;
}

export interface ChainPayment {
  network: string;
  assetId: string;
  destination: string;
  tag: string;
  amount: string;
  /** From a real rail's asset list: the EVM chain, and the token contract and decimals. */
  chainId?: number;
  contract?: string;
  decimals?: number;
  /**
   * What the payer's wallet shows and keeps with the transaction (BIP21 `message`; EIP-681 has no
   * such field): a refund's payout names the refund and its order, so the owner's wallet history says
   * what the payout was.
   */
  message?: string;
}

const BIP21_SCHEMES: Readonly<Record<string, string>> = {
  Bitcoin: 'bitcoin',
  Litecoin: 'litecoin',
  Dogecoin: 'dogecoin',
};

/** ERC-20 tokens the catalogue offers on chain: contract address and decimals on Ethereum mainnet. */
const ERC20: Readonly<Record<string, { contract: string; decimals: number }>> = {
  '4d8c508b-91c5-375b-92b0-ee702ed2dac5': { contract: '0xdAC17F958D2ee523a2206206994597C13D831ec7', decimals: 6 }, // USDT
  '9b180ab6-6abe-3dc0-a13f-04169eb34bfa': { contract: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', decimals: 6 }, // USDC
};
const ETHER = '43d61dcd-e413-450d-80b8-101d5e903357';

export function chainPaymentUri(p: ChainPayment): string {
  const bip21 = BIP21_SCHEMES[p.network];
  if (bip21)
    return `${bip21}:${p.destination}?amount=${p.amount}${p.message ? `&message=${encodeURIComponent(p.message)}` : ''}`;
  const chainId = p.chainId ?? 1;
  if (p.contract)
    return `ethereum:${p.contract}@${chainId}/transfer?address=${p.destination}&uint256=${toBaseUnits(p.amount, p.decimals ?? 18)}`;
  if (p.chainId !== undefined && p.destination.startsWith('0x'))
    return `ethereum:${p.destination}@${chainId}?value=${toBaseUnits(p.amount, p.decimals ?? 18)}`;
  if (p.network === 'Ethereum') {
    if (p.assetId === ETHER) return `ethereum:${p.destination}@1?value=${toBaseUnits(p.amount, 18)}`;
    const token = ERC20[p.assetId];
    if (token)
      return `ethereum:${token.contract}@1/transfer?address=${p.destination}&uint256=${toBaseUnits(p.amount, token.decimals)}`;
  }
  if (p.network === 'Lightning') return `lightning:${p.destination}`;
  return p.destination;
}
