/**
 * bench/evm: blocks scanned per second by the EVM rail's scanner on a 10,000-block anvil chain
 * with 1,000 open deposit addresses (and a token transfer to some of them), next to the time anvil
 * takes to answer the same eth_getLogs ranges alone. Prints figures and the ratio.
 */
import { HDKey } from '@scure/bip32';
import { randomBytes } from 'node:crypto';
import { createPublicClient, http, parseAbiItem } from 'viem';
import { openGatewayDb } from '../electron/gateway/db.js';
import { createGateway } from '../electron/gateway/gateway.js';
import { EvmChainScanner } from '../electron/gateway/rails/evm/scanner.js';
import { TransactionFacts } from '../electron/gateway/rails/facts.js';
import { Ledger } from '../electron/gateway/results/ledger.js';
import { ManualClock } from '../electron/platform/clock.js';
import { randomIds } from '../electron/platform/ids.js';
import { silentLogger } from '../electron/platform/logger.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { anvilAvailable, startAnvil, TOKEN_ABI } from '../test/helpers/anvil.js';

const USDT = '4d8c508b-91c5-375b-92b0-ee702ed2dac5';
const BLOCKS = 10_000;
const ADDRESSES = 1_000;
const BATCH = 500;

export async function runEvmBench(): Promise<void> {
  if (!anvilAvailable()) {
    console.log('bench/evm: skipped (no anvil binary)');
    return;
  }
  const anvil = await startAnvil(['--prune-history']);
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-bench-evm-'));
  try {
    const token = await anvil.deployToken(10n ** 15n);
    const start = Number(await anvil.publicClient.getBlockNumber());
    const db = openGatewayDb(join(dir, 'gateway.db'));
    const clock = new ManualClock(Date.now());
    const gateway = createGateway({
      db,
      clock,
      logger: silentLogger,
      mode: 'live',
      version: 'bench',
      ids: randomIds,
      merchantKey: 'k',
      origin: () => 'http://127.0.0.1',
    });
    const payee = db.prepare(
      "INSERT INTO payees (payee_id, network_id, full_name, created_at) VALUES ('bench-payee', '8000001', 'Bench', 0)",
    );
    payee.run();
    // 1,000 open payments with their deposit addresses (what the scanner watches).
    const xpub = HDKey.fromMasterSeed(randomBytes(32)).derive("m/44'/60'/0'").publicExtendedKey;
    const { deriveAddress } = await import('../electron/gateway/rails/evm/hd-addresses.js');
    const addresses: string[] = [];
    db.transaction(() => {
      for (let i = 0; i < ADDRESSES; i++) {
        const traceId = randomIds.uuid();
        gateway.store.insert({
          trace_id: traceId,
          payee_id: 'bench-payee',
          order_id: `bench-${i}-order`,
          quote_asset_id: 'usd',
          quote_amount: '10',
          fixed_payment_amount: '',
          settlement_asset_id: '',
          strict_mode: 0,
          payment_asset_id: USDT,
          is_chain: 1,
          remark: '',
          note: '',
          settlement_memo: '',
          return_to: '',
          failed_return_to: '',
          callback_url: '',
          callback_events: '',
          expired_at: 0,
          is_one_time: 0,
          code_expires_at: 0,
          review_required: 0,
          quote_usd_value: '10',
          current_client_id: randomIds.uuid(),
          created_at: clock.now(),
          updated_at: clock.now(),
          status: 'unpaid',
          payable_amount: '10',
        });
        const address = deriveAddress(xpub, i);
        addresses.push(address);
        gateway.store.addDeposit('Ethereum', address, '', traceId, clock.now());
      }
    })();
    // A chain of 10,000 blocks with a transfer to every 50th address along the way.
    const payer = anvil.wallet(0);
    for (let i = 0; i < 20; i++) {
      await anvil.testClient.mine({ blocks: BLOCKS / 20 - 1 });
      const hash = await payer.writeContract({
        address: token,
        abi: TOKEN_ABI,
        functionName: 'transfer',
        args: [addresses[i * 50] as `0x${string}`, 10_000_000n],
        chain: payer.chain,
        account: payer.account!,
      });
      await anvil.publicClient.waitForTransactionReceipt({ hash });
    }
    const head = Number(await anvil.publicClient.getBlockNumber());

    const ledger = new Ledger(db);
    const scanner = new EvmChainScanner({
      db,
      store: gateway.store,
      ledger,
      facts: new TransactionFacts({ store: gateway.store, ledger, engine: gateway.engine, clock }),
      clock,
      logger: silentLogger,
      batch: BATCH,
      chain: {
        network: 'Ethereum',
        chainId: 31337,
        rpcUrls: [anvil.url],
        requiredConfirmations: 3,
        assets: [{ assetId: USDT, kind: 'erc20', contract: token, decimals: 6 }],
        startBlock: start + 1,
      },
    });
    const t0 = performance.now();
    await scanner.tick();
    const scanMs = performance.now() - t0;
    const found = db.prepare("SELECT count(*) FROM transactions WHERE kind = 'chain'").pluck().get() as number;

    // The same eth_getLogs ranges, anvil alone.
    const client = createPublicClient({ transport: http(anvil.url) });
    const event = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');
    const t1 = performance.now();
    for (let from = start + 1; from <= head; from += BATCH) {
      await client.getLogs({
        address: [token],
        event,
        fromBlock: BigInt(from),
        toBlock: BigInt(Math.min(head, from + BATCH - 1)),
        strict: true,
      });
    }
    const rawMs = performance.now() - t1;
    await gateway.close();
    db.close();
    const blocks = head - start;
    console.log('');
    console.log(
      `bench/evm: ${blocks.toLocaleString('en-US')} blocks, ${ADDRESSES} open addresses, ${found} payments found`,
    );
    console.log(
      `  scanner: ${(blocks / (scanMs / 1000)).toFixed(0)} blocks/s (${scanMs.toFixed(0)} ms, batches of ${BATCH})`,
    );
    console.log(
      `  anvil alone answering the same eth_getLogs: ${rawMs.toFixed(0)} ms; scanner time / raw RPC time = ${(scanMs / rawMs).toFixed(2)}`,
    );
  } finally {
    await anvil.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
