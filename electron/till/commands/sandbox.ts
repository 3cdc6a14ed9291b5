/**
 * TEST MODE's panel (docs/api.md, "Sandbox"): the simulated payer pays in full or in part, blocks are
 * mined, the gateway's clock is moved. Only on the embedded gateway in sandbox mode.
 */
import { isZero } from '../../../shared/money.js';
import { type OrderView } from '../../../shared/posapi.js';
import type { OrderRow } from '../orders/book.js';
import { parseInstruction, parseResult, remainingOf } from '../orders/views.js';
import type { Args, TillParts } from '../parts.js';
import { posError } from '../../../shared/pos-error.js';

function sandboxOnly(till: TillParts): void {
  if (!till.link.inSandbox()) throw posError('sandbox_only');
}

/** The simulated payer: scanning the QR (the instruction's own transfer id) or paying a part. */
async function pay(till: TillParts, row: OrderRow, amount: string, viaQr: boolean): Promise<void> {
  const instruction = parseInstruction(row);
  if (!instruction) throw posError('no_instruction');
  if (instruction.isChain) {
    await till.link.client.sandboxDeposit({
      destination: instruction.destination,
      tag: instruction.tag,
      asset: instruction.paymentAssetId,
      amount,
    });
  } else {
    await till.link.client.sandboxTransfer({
      recipient: instruction.recipient,
      asset: instruction.paymentAssetId,
      amount,
      trace: viaQr ? row.transfer_trace : till.deps.ids.uuid(),
      memo: instruction.memo,
    });
  }
}

/** sandbox.payInFull: what is still due (the whole payable when nothing was paid). */
export async function payInFull(till: TillParts, { orderId }: Args<'sandbox.payInFull'>): Promise<OrderView> {
  sandboxOnly(till);
  const row = till.orderOrThrow(orderId);
  const instruction = parseInstruction(row);
  if (!instruction) throw posError('no_instruction');
  const result = parseResult(row);
  const due = result && !isZero(result.payableAmount || '0') ? remainingOf(result) : instruction.paymentAmount;
  await pay(till, row, due, true);
  return (await till.pollNow(orderId))!;
}

/** sandbox.payPart */
export async function payPart(till: TillParts, { orderId, amount }: Args<'sandbox.payPart'>): Promise<OrderView> {
  sandboxOnly(till);
  await pay(till, till.orderOrThrow(orderId), amount, false);
  return (await till.pollNow(orderId))!;
}

/** sandbox.mine: the watched orders are checked at once. */
export async function mineBlocks(
  till: TillParts,
  { network, count }: Args<'sandbox.mine'>,
): Promise<{ network: string; height: number }> {
  sandboxOnly(till);
  const mined = await till.link.client.sandboxMine(network, count);
  till.pokeOpen();
  return { network: mined.network, height: mined.height };
}

/** sandbox.advanceClock: deadlines and instruction windows follow the gateway's clock. */
export async function advanceClock(
  till: TillParts,
  { seconds }: Args<'sandbox.advanceClock'>,
): Promise<{ nowMs: number }> {
  sandboxOnly(till);
  const moved = await till.link.client.sandboxAdvance(seconds);
  till.link.gatewayTime(moved.nowMs);
  till.pokeOpen();
  return moved;
}

/**
 * sandbox.advanceToDeadline: moves the gateway's clock just past the order's deadline (its result's
 * `expiredAt`, on the gateway's clock), so staff see what happens when a payer never pays.
 */
export async function advanceToDeadline(
  till: TillParts,
  { orderId }: Args<'sandbox.advanceToDeadline'>,
): Promise<OrderView> {
  sandboxOnly(till);
  const row = till.orderOrThrow(orderId);
  const result = await till.link.client.result(row.trace_id);
  if (!result.expiredAt) throw posError('no_deadline');
  // One second first tells the gateway's time; then the rest, to one second past the deadline.
  const now = await till.link.client.sandboxAdvance(1);
  const left = Math.max(1, result.expiredAt + 1 - Math.floor(now.nowMs / 1000));
  const moved = await till.link.client.sandboxAdvance(left);
  till.link.gatewayTime(moved.nowMs);
  till.pokeOpen();
  return (await till.pollNow(orderId)) ?? till.view(till.orderOrThrow(orderId));
}
