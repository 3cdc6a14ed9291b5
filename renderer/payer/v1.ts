/**
 * The payer page's only door to the shop: the public `/v1` API of the gateway on the page's own
 * origin (no token, no PosApi). Every answer is checked against the wire schemas before use.
 */
import type { z } from 'zod';
import {
  PaymentAssetItemSchema,
  PaymentResultSchema,
  PaymentSchema,
  type Payment,
  type PaymentAssetItem,
  type PaymentResult,
} from '../../shared/wire.js';

let skewMs = 0;

/** The gateway's time now (ms), as far as its last answer tells. */
export function gatewayNow(): number {
  return Date.now() + skewMs;
}

export class V1Error extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

async function call<T>(schema: z.ZodType<T>, path: string, body?: Record<string, unknown>): Promise<T> {
  const response = await fetch(path, {
    method: body ? 'POST' : 'GET',
    headers: body ? { 'content-type': 'application/json' } : undefined,
    body: body ? JSON.stringify(body) : undefined,
    cache: 'no-store',
  });
  const answer = (await response.json()) as {
    success?: boolean;
    code?: number;
    message?: string;
    data?: unknown;
    timestampMs?: number;
  };
  // Deadlines are on the gateway's clock (the sandbox's may run ahead): countdowns follow it.
  if (typeof answer.timestampMs === 'number') skewMs = answer.timestampMs - Date.now();
  if (!answer.success) throw new V1Error(answer.code ?? response.status, answer.message ?? 'refused');
  return schema.parse(answer.data);
}

export function result(code: string): Promise<PaymentResult> {
  return call(PaymentResultSchema, `/v1/payments_result?${new URLSearchParams({ traceId: code })}`);
}

export function assets(forResult: PaymentResult): Promise<PaymentAssetItem[]> {
  const query = new URLSearchParams({
    payeeId: forResult.payeeId,
    quoteAssetId: forResult.quoteAssetId,
    quoteAmount: forResult.quoteAmount,
  });
  return call(PaymentAssetItemSchema.array(), `/v1/setting/payment_assets?${query}`);
}

/** The instruction already made for the code (a reload, a second phone), or undefined. */
export async function currentInstruction(code: string): Promise<Payment | undefined> {
  try {
    return await call(PaymentSchema, `/v1/payments_info?${new URLSearchParams({ traceId: code })}`);
  } catch (error) {
    if (error instanceof V1Error && error.code === 10062) return undefined;
    throw error;
  }
}

/** Turns the one-time code into an instruction for the chosen asset (docs/api.md, "One-time payments"). */
export function makeInstruction(code: string, paymentAssetId: string, isChain: boolean): Promise<Payment> {
  return call(PaymentSchema, '/v1/payments', { traceId: code, paymentAssetId, isChain });
}
