/**
 * A real local EVM node for tests: anvil from @foundry-rs/anvil-linux-amd64 on a free port, and
 * the test token compiled with solc and deployed from anvil's first (well-known test) account.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import httpServer from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { createPublicClient, createTestClient, createWalletClient, defineChain, http, parseAbi, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { repoRoot } from './host.js';

export const ANVIL_BIN = join(repoRoot, 'node_modules/@foundry-rs/anvil-linux-amd64/bin/anvil');
// anvil's default test accounts (public, funded only on a local dev chain).
const PAYER_KEYS: Hex[] = [
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
];

export const TOKEN_ABI = parseAbi([
  'function transfer(address to, uint256 value) returns (bool)',
  'function balanceOf(address) view returns (uint256)',
]);

export function anvilAvailable(): boolean {
  return existsSync(ANVIL_BIN);
}

export interface Anvil {
  url: string;
  chainId: number;
  process: ChildProcess;
  publicClient: ReturnType<typeof createPublicClient>;
  testClient: ReturnType<typeof createTestClient>;
  wallet(index?: number): ReturnType<typeof createWalletClient>;
  deployToken(supply: bigint): Promise<`0x${string}`>;
  /** A Chainlink-style feed (test/fixtures/TestAggregator.sol) with `decimals` places and no round yet. */
  deployAggregator(decimals: number, description: string): Promise<`0x${string}`>;
  close(): Promise<void>;
}

export const AGGREGATOR_TEST_ABI = parseAbi([
  'function setRound(int256 answer, uint256 updatedAt)',
  'function latestRoundData() view returns (uint80, int256, uint256, uint256, uint80)',
  'function decimals() view returns (uint8)',
]);

/** Compiles a contract of test/fixtures/<name>.sol with solc (the npm build). */
function compileFixture(name: string): { abi: unknown[]; bytecode: Hex } {
  const solc = createRequire(import.meta.url)('solc') as { compile(input: string): string };
  const file = `${name}.sol`;
  const source = readFileSync(join(repoRoot, 'test/fixtures', file), 'utf8');
  const output = JSON.parse(
    solc.compile(
      JSON.stringify({
        language: 'Solidity',
        sources: { [file]: { content: source } },
        settings: { outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
      }),
    ),
  ) as {
    contracts: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>;
    errors?: { severity: string; formattedMessage: string }[];
  };
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const contract = output.contracts[file]![name]!;
  return { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
}

export async function startAnvil(extraArgs: string[] = [], options: { chainId?: number } = {}): Promise<Anvil> {
  const chainId = options.chainId ?? foundry.id;
  const chain = defineChain({ ...foundry, id: chainId });
  const child = spawn(ANVIL_BIN, ['--port', '0', '--host', '127.0.0.1', '--chain-id', String(chainId), ...extraArgs], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('anvil did not start')), 20_000);
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const match = /Listening on (\S+:\d+)/.exec(line);
      if (match) {
        clearTimeout(timer);
        resolve(`http://${match[1]}`);
      }
    });
    child.once('exit', (code) => reject(new Error(`anvil exited with ${code}`)));
  });
  // Mining thousands of blocks gets slower as the chain grows: allow long answers.
  const transport = http(url, { timeout: 300_000 });
  const publicClient = createPublicClient({ chain, transport });
  const testClient = createTestClient({ chain, mode: 'anvil', transport });
  const wallet = (index = 0) =>
    createWalletClient({ chain, transport, account: privateKeyToAccount(PAYER_KEYS[index]!) });
  const deploy = async (name: string, args: unknown[]): Promise<`0x${string}`> => {
    const { abi, bytecode } = compileFixture(name);
    const hash = await wallet(0).deployContract({
      abi,
      bytecode,
      args,
      account: privateKeyToAccount(PAYER_KEYS[0]!),
      chain,
    });
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (!receipt.contractAddress) throw new Error(`${name} not deployed`);
    return receipt.contractAddress;
  };
  return {
    url,
    chainId,
    process: child,
    publicClient,
    testClient,
    wallet,
    deployToken: (supply) => deploy('TestToken', [supply]),
    deployAggregator: (decimals, description) => deploy('TestAggregator', [decimals, description]),
    close: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** A JSON-RPC front whose node can be swapped underneath (a provider that starts answering from another chain). */
export interface RpcSwitch {
  url: string;
  pointAt(upstream: string): void;
  close(): Promise<void>;
}

export async function startRpcSwitch(upstream: string): Promise<RpcSwitch> {
  let target = upstream;
  const server = httpServer.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body: Buffer.concat(chunks) })
        .then(async (answer) =>
          response
            .writeHead(answer.status, { 'content-type': 'application/json' })
            .end(Buffer.from(await answer.arrayBuffer())),
        )
        .catch(() => response.writeHead(502).end());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    pointAt: (next) => {
      target = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
