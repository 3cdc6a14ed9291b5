/**
 * What the guided rails form offers: chains with their id, usual confirmations and the tokens this
 * gateway knows there (contracts and decimals as published by their issuers), and the check of an
 * extended public key the form can make before the gateway judges it (docs/api.md, "Live rails").
 */
export interface TokenPreset {
  assetId: string;
  symbol: string;
  kind: 'native' | 'erc20';
  contract?: string;
  decimals: number;
}

export interface ChainPreset {
  key: string;
  label: string;
  network: string;
  chainId: number;
  requiredConfirmations: number;
  tokens: TokenPreset[];
}

const ETH = { assetId: '43d61dcd-e413-450d-80b8-101d5e903357', symbol: 'ETH', kind: 'native', decimals: 18 } as const;
const USDT = '4d8c508b-91c5-375b-92b0-ee702ed2dac5';
const USDC = '9b180ab6-6abe-3dc0-a13f-04169eb34bfa';

export const CHAIN_PRESETS: ChainPreset[] = [
  {
    key: 'ethereum',
    label: 'Ethereum mainnet',
    network: 'Ethereum',
    chainId: 1,
    requiredConfirmations: 12,
    tokens: [
      ETH,
      {
        assetId: USDT,
        symbol: 'USDT',
        kind: 'erc20',
        contract: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
        decimals: 6,
      },
      {
        assetId: USDC,
        symbol: 'USDC',
        kind: 'erc20',
        contract: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
        decimals: 6,
      },
    ],
  },
  {
    key: 'sepolia',
    label: 'Sepolia (Ethereum test network)',
    network: 'Ethereum',
    chainId: 11155111,
    requiredConfirmations: 3,
    tokens: [ETH],
  },
  {
    key: 'local',
    label: 'Local node (chain 31337)',
    network: 'Ethereum',
    chainId: 31337,
    requiredConfirmations: 1,
    tokens: [ETH],
  },
];

/** Why an extended public key cannot be right, judged from its text ('' when it may be). */
export function xpubProblem(value: string): string {
  const key = value.trim();
  if (key === '') return 'Paste the extended public key (xpub) of the shop’s wallet account.';
  if (/^[xtyzuv]prv/.test(key)) return 'That is a private key: never paste it anywhere. Use the xpub.';
  if (!/^(xpub|tpub)[1-9A-HJ-NP-Za-km-z]{107}$/.test(key))
    return 'An xpub starts with "xpub" and has 111 letters and digits.';
  return '';
}

/** An http(s) URL of a JSON-RPC node ('' when it looks right). */
export function rpcProblem(value: string): string {
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? '' : 'The node URL starts with https://';
  } catch {
    return 'Type the URL of a JSON-RPC node, such as https://node.example';
  }
}

export interface RailsFormValue {
  xpub: string;
  preset: string;
  rpcUrl: string;
  confirmations: string;
  assetIds: string[];
}

/** The gateway's rail configuration from the guided form (one chain). */
export function railConfigOf(form: RailsFormValue): Record<string, unknown> {
  const preset = CHAIN_PRESETS.find((p) => p.key === form.preset) ?? CHAIN_PRESETS[0]!;
  return {
    xpub: form.xpub.trim(),
    chains: [
      {
        network: preset.network,
        chainId: preset.chainId,
        rpcUrls: [form.rpcUrl.trim()],
        requiredConfirmations: Number(form.confirmations),
        assets: preset.tokens
          .filter((token) => form.assetIds.includes(token.assetId))
          .map((token) =>
            token.kind === 'native'
              ? { assetId: token.assetId, kind: 'native', decimals: token.decimals }
              : { assetId: token.assetId, kind: 'erc20', contract: token.contract, decimals: token.decimals },
          ),
      },
    ],
  };
}
