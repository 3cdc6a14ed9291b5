/**
 * The till: the cashier's side of the main process. It serves the PosApi, keeps the order book,
 * creates orders at the gateway write-ahead (the order and its identifiers are committed first,
 * so retries reuse them), watches open orders (callbacks are a hint, polling is the backbone,
 * backing off with age: watcher.ts), and pushes every committed change to the renderer.
 */
import { compare, isZero, lt, remaining } from '../../shared/money.js';
import {
  PosError,
  type ConnectionView,
  type GatewayMode,
  type OrderView,
  type PaymentAssetView,
  type PosHandlers,
  type QuoteAssetView,
  type RailsView,
  type TillSettings,
} from '../../shared/posapi.js';
import { isTerminal } from '../../shared/status.js';
import type { PaymentResult, QuoteAssetItem } from '../../shared/wire.js';
import type { PosEventHub } from '../bridge/events.js';
import type { Clock } from '../platform/clock.js';
import type { IdSource } from '../platform/ids.js';
import type { Logger } from '../platform/logger.js';
import type { Db } from '../platform/db.js';
import { GatewayClient, GatewayRefused, GatewayUnreachable } from './gateway-client.js';
import {
  OrderBook,
  orderView,
  parseInstruction,
  parseResult,
  statusOf,
  factsOf,
  type AssetFacts,
  type OrderRow,
} from './orders.js';
import { merchantKeyFor, type GatewaySetting } from './key-policy.js';
import { OwnerArea } from './owner.js';
import { saveSettings } from './settings-save.js';
import { TillSettingsStore } from './settings.js';
import { pollDelayMs } from './watcher.js';

export interface TillDeps {
  db: Db;
  clock: Clock;
  ids: IdSource;
  logger: Logger;
  events: PosEventHub;
  /** The embedded gateway's base URL (known once it listens). */
  embeddedUrl: () => string;
  embeddedMode: GatewayMode;
  /** The embedded gateway's merchant key: sent to the embedded gateway only (key-policy.ts). */
  merchantKey: string;
  /** The till's own callback receiver URL for the embedded gateway ('' when none). */
  callbackUrl: () => string;
  appInfo: () => { version: string; dataDir: string; shell: 'electron' | 'host' };
  /** Watcher cadence (ms) for orders at the till; older ones back off (watcher.ts). */
  fastPollMs?: number;
}

const AUTO_REFRESH_WINDOW_MS = 30 * 60_000;

export class Till {
  readonly settings: TillSettingsStore;
  readonly book: OrderBook;
  readonly client: GatewayClient;
  private readonly assetFacts = new Map<string, AssetFacts>();
  private quoteList: QuoteAssetItem[] | undefined;
  private readonly nextPoll = new Map<string, number>();
  private readonly polling = new Set<string>();
  private focused: string | undefined;
  private timer: NodeJS.Timeout | undefined;
  private queueTimer: NodeJS.Timeout | undefined;
  /** Gateway clock minus till clock, from the envelopes' timestampMs (the sandbox clock moves). */
  private gatewayOffsetMs = 0;
  private connection: ConnectionView = { online: true, queued: 0, lastContactAt: 0 };
  private closed = false;
  readonly owner: OwnerArea;

  constructor(private readonly deps: TillDeps) {
    this.settings = new TillSettingsStore(deps.db);
    this.book = new OrderBook(deps.db);
    this.client = new GatewayClient({
      baseUrl: () => this.gatewayUrl(),
      hosted: () => this.settings.stored().gateway.kind === 'hosted',
      merchantKey: () => merchantKeyFor(this.settings.stored().gateway, deps.merchantKey),
      onContact: (reachable) => this.contact(reachable),
      onGatewayTime: (gatewayMs) => {
        this.gatewayOffsetMs = gatewayMs - deps.clock.now();
      },
    });
    this.owner = new OwnerArea({
      db: deps.db,
      book: this.book,
      settings: this.settings,
      client: this.client,
      clock: deps.clock,
      dayRange,
      dayOf,
      applyResult: (row, result) => {
        this.applyResult(row, result);
      },
      orderView: (row) => this.view(row),
    });
  }

  private gatewayUrl(target: GatewaySetting = this.settings.stored().gateway): string {
    return target.kind === 'hosted' ? target.baseUrl.replace(/\/+$/, '') : this.deps.embeddedUrl();
  }

  private usesEmbedded(): boolean {
    return this.settings.stored().gateway.kind === 'embedded';
  }

  private contact(reachable: boolean): void {
    const next: ConnectionView = {
      online: reachable,
      queued: this.book.queued().length,
      lastContactAt: reachable ? this.deps.clock.now() : this.connection.lastContactAt,
    };
    const changed = next.online !== this.connection.online || next.queued !== this.connection.queued;
    const reconnected = reachable && !this.connection.online;
    this.connection = next;
    if (changed) this.deps.events.publish('connection.changed', next);
    if (reconnected) this.reconcile();
  }

  /**
   * Brings every open order up to date from payments_result, newest first (the payer most likely
   * still at the till), also those too old to be polled. At start and after every reconnection;
   * hosted gateways pace the requests.
   */
  private reconcile(): void {
    const open = this.book.open().reverse();
    // All due now; the earlier due time goes first, so the newest gets the earliest.
    const now = this.deps.clock.now();
    open.forEach((row, i) => this.nextPoll.set(row.order_id, now - open.length + i));
  }

  // ---- lifecycle ----

  /** Networks (and, in the sandbox, their confirmations) of the payment assets, for QR URIs and progress. */
  private async loadAssetFacts(): Promise<void> {
    const payee = this.settings.stored().payee;
    if (!payee || this.assetFacts.size > 0) return;
    try {
      const required = new Map<string, number>();
      if (this.usesEmbedded() && this.deps.embeddedMode === 'sandbox')
        for (const n of await this.client.sandboxNetworks()) required.set(n.network, n.requiredConfirmations);
      for (const item of await this.client.paymentAssets(payee.payeeId, this.settings.stored().quoteAssetId)) {
        this.assetFacts.set(item.assetId, factsOf(item, required.get(item.network) ?? 0));
      }
    } catch (error) {
      this.deps.logger.warn('could not load the asset list', { error: String(error) });
    }
  }

  start(): void {
    void this.loadAssetFacts();
    this.reconcile();
    const tick = (): void => {
      if (this.closed) return;
      this.pollDue();
      this.timer = setTimeout(tick, 100);
      this.timer.unref();
    };
    tick();
    const retry = (): void => {
      if (this.closed) return;
      void this.retryQueued().finally(() => {
        if (this.closed) return;
        this.queueTimer = setTimeout(retry, 2000);
        this.queueTimer.unref();
      });
    };
    retry();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.queueTimer) clearTimeout(this.queueTimer);
    // Let polls in flight finish so nothing writes to a closed database.
    while (this.polling.size > 0) await new Promise((resolve) => setTimeout(resolve, 20));
  }

  // ---- views ----

  private view(row: OrderRow): OrderView {
    const view = orderView(this.book, row, this.assetFacts.get(row.payment_asset_id));
    // Deadlines are in the gateway's clock; the renderer counts down on the till's.
    if (view.instruction)
      view.instruction = {
        ...view.instruction,
        expire: view.instruction.expire - Math.round(this.gatewayOffsetMs / 1000),
      };
    return view;
  }

  private publish(orderId: string): OrderView | undefined {
    const row = this.book.get(orderId);
    if (!row) return undefined;
    const view = this.view(row);
    this.deps.events.publish('order.updated', view);
    return view;
  }

  private requireConfigured(): NonNullable<TillSettings['payee']> {
    const payee = this.settings.stored().payee;
    if (!payee) throw new PosError('not_configured', 'Set up the shop first: look up its payee.');
    return payee;
  }

  private gatewayError(error: unknown): PosError {
    if (error instanceof GatewayUnreachable)
      return new PosError('gateway_unreachable', `The gateway cannot be reached. ${error.message}`);
    if (error instanceof GatewayRefused) return new PosError('gateway_error', error.message);
    return new PosError('internal', String(error));
  }

  private async quotes(): Promise<QuoteAssetItem[]> {
    if (this.quoteList) return this.quoteList;
    const payee = this.requireConfigured();
    this.quoteList = await this.client.quoteAssets(payee.payeeId);
    return this.quoteList;
  }

  // ---- orders ----

  /** Write ahead, then create at the gateway; a gateway that cannot be reached leaves it queued. */
  async createOrder(args: {
    quoteAssetId: string;
    quoteAmount: string;
    paymentAssetId: string;
    isChain: boolean;
    note?: string;
  }): Promise<OrderView> {
    const payee = this.requireConfigured();
    const settings = this.settings.stored();
    await this.loadAssetFacts();
    let quote: QuoteAssetItem | undefined;
    try {
      quote = (await this.quotes()).find((q) => q.assetId === args.quoteAssetId);
    } catch (error) {
      if (!(error instanceof GatewayUnreachable)) throw this.gatewayError(error);
    }
    if (quote) {
      if (lt(args.quoteAmount, quote.minQuoteAmount))
        throw new PosError(
          'invalid_args',
          `The amount is below the minimum of ${quote.minQuoteAmount} ${quote.symbol}.`,
          'quoteAmount',
        );
      if (compare(args.quoteAmount, quote.maxQuoteAmount) > 0)
        throw new PosError(
          'invalid_args',
          `The amount is above the maximum of ${quote.maxQuoteAmount} ${quote.symbol}.`,
          'quoteAmount',
        );
    }
    const now = this.deps.clock.now();
    const orderId = `pd-${new Date(now).toISOString().slice(0, 10).replaceAll('-', '')}-${this.deps.ids.token(5)}`;
    this.book.add({
      order_id: orderId,
      trace_id: this.deps.ids.uuid(),
      payee_id: payee.payeeId,
      quote_asset_id: args.quoteAssetId,
      quote_symbol: quote?.symbol ?? args.quoteAssetId.toUpperCase(),
      quote_amount: args.quoteAmount,
      payment_asset_id: args.paymentAssetId,
      is_chain: args.isChain ? 1 : 0,
      settlement_asset_id: settings.settlementAssetId,
      note: args.note ?? '',
      callback_url: this.usesEmbedded() ? this.deps.callbackUrl() : settings.publicCallbackUrl,
      created_at: now,
      updated_at: now,
    });
    this.focused = orderId;
    const row = this.book.get(orderId)!;
    try {
      await this.sendToGateway(row);
    } catch (error) {
      if (error instanceof GatewayUnreachable) {
        // Kept and queued: it is created with the same identifiers when the gateway answers.
        this.book.update(orderId, { last_error: error.message, updated_at: this.deps.clock.now() });
        this.book.event(
          orderId,
          this.deps.clock.now(),
          'queued',
          'The gateway could not be reached; the order is kept and will be sent again.',
        );
        this.contact(false);
      } else {
        const refusal = this.gatewayError(error);
        this.book.update(orderId, {
          status: 'failed',
          last_error: refusal.message,
          ended_at: this.deps.clock.now(),
          updated_at: this.deps.clock.now(),
        });
        this.book.event(orderId, this.deps.clock.now(), 'note', `The gateway refused the order: ${refusal.message}`);
        this.publish(orderId);
        throw refusal;
      }
    }
    return this.view(this.book.get(orderId)!);
  }

  /** Creates (or re-creates, idempotently) the order at the gateway and stores its instruction. */
  private async sendToGateway(row: OrderRow): Promise<void> {
    const payment = await this.client.createPayment({
      payeeId: row.payee_id,
      orderId: row.order_id,
      traceId: row.trace_id,
      quoteAssetId: row.quote_asset_id,
      quoteAmount: row.quote_amount,
      paymentAssetId: row.payment_asset_id,
      settlementAssetId: row.settlement_asset_id,
      isChain: row.is_chain === 1,
      remark: row.note,
      callbackUrl: row.callback_url,
    });
    if (payment.traceId !== row.trace_id)
      throw new GatewayRefused(-1, `The gateway answered with another trace (${payment.traceId})`, 200);
    const now = this.deps.clock.now();
    this.book.db.transaction(() => {
      const current = this.book.get(row.order_id)!;
      const fresh = parseInstruction(current)?.clientId !== payment.clientId;
      this.book.update(row.order_id, {
        instruction: JSON.stringify(payment),
        transfer_trace: fresh ? this.deps.ids.uuid() : current.transfer_trace,
        status: current.status === 'queued' ? 'unpaid' : current.status,
        last_error: '',
        updated_at: now,
      });
      if (fresh)
        this.book.event(
          row.order_id,
          now,
          'instruction',
          `Pay ${payment.paymentAmount} ${payment.paymentAssetSymbol}${payment.isChain ? ' on chain' : ''}`,
        );
    })();
    this.schedule(this.book.get(row.order_id)!);
    this.contact(true);
    this.publish(row.order_id);
  }

  private async retryQueued(): Promise<void> {
    for (const row of this.book.queued()) {
      try {
        await this.sendToGateway(row);
        this.book.event(row.order_id, this.deps.clock.now(), 'note', 'Sent to the gateway after reconnecting.');
        this.publish(row.order_id);
      } catch (error) {
        if (error instanceof GatewayUnreachable) return; // still offline: try again later
        const refusal = this.gatewayError(error);
        this.book.update(row.order_id, {
          status: 'failed',
          last_error: refusal.message,
          ended_at: this.deps.clock.now(),
          updated_at: this.deps.clock.now(),
        });
        this.book.event(
          row.order_id,
          this.deps.clock.now(),
          'note',
          `The gateway refused the order: ${refusal.message}`,
        );
        this.publish(row.order_id);
      }
    }
  }

  /** Sets an order's next check by its age, or stops watching it (ended, queued, or too old). */
  private schedule(row: OrderRow): void {
    const open = row.status !== 'queued' && !isTerminal(row.status as never);
    const delay = open
      ? pollDelayMs(this.deps.clock.now() - row.created_at, row.order_id === this.focused, this.deps.fastPollMs ?? 1000)
      : undefined;
    if (delay === undefined) this.nextPoll.delete(row.order_id);
    else this.nextPoll.set(row.order_id, this.deps.clock.now() + delay);
  }

  private pollDue(): void {
    if (this.closed) return;
    const now = this.deps.clock.now();
    const due = [...this.nextPoll]
      .filter(([orderId, at]) => at <= now && !this.polling.has(orderId))
      .sort((a, b) => a[1] - b[1]);
    for (const [orderId] of due) {
      if (this.polling.size >= 4) break;
      void this.poll(orderId);
    }
  }

  /** Asks the gateway for the result now (a callback's hint, a sandbox action, a screen opening). */
  async poll(orderId: string): Promise<OrderView | undefined> {
    if (this.polling.has(orderId)) {
      while (this.polling.has(orderId)) await new Promise((resolve) => setTimeout(resolve, 10));
      return this.book.get(orderId) && this.view(this.book.get(orderId)!);
    }
    const row = this.book.get(orderId);
    // An ended order's result is final: it is never asked for again.
    if (!row || row.status === 'queued' || isTerminal(row.status as never) || this.closed) {
      if (row) this.nextPoll.delete(orderId);
      return row && this.view(row);
    }
    this.polling.add(orderId);
    try {
      const result = await this.client.result(row.trace_id);
      this.applyResult(row, result);
      await this.maybeRefresh(orderId);
    } catch (error) {
      if (!(error instanceof GatewayUnreachable))
        this.deps.logger.warn('poll failed', { orderId, error: String(error) });
    } finally {
      this.polling.delete(orderId);
      const after = this.closed ? undefined : this.book.get(orderId);
      if (after) this.schedule(after);
      else this.nextPoll.delete(orderId);
      // A slot is free: go on with what is due at once (reconciling a backlog), not at the next tick.
      if (!this.closed) setImmediate(() => this.pollDue());
    }
    const final = this.book.get(orderId);
    return final && this.view(final);
  }

  /** Commits a result when it says something new, then pushes it. Idempotent. */
  applyResult(row: OrderRow, result: PaymentResult): boolean {
    const mismatch = this.mismatchOf(row, result);
    const previous = parseResult(row);
    const status = statusOf(result);
    const same =
      previous &&
      previous.status === result.status &&
      previous.paymentAmount === result.paymentAmount &&
      previous.confirmations === result.confirmations &&
      previous.settleStatus === result.settleStatus &&
      previous.surplusAmount === result.surplusAmount &&
      row.mismatch === mismatch;
    if (same || row.status === 'success' || row.status === 'failed') return false;
    const now = this.deps.clock.now();
    this.book.db.transaction(() => {
      this.book.update(row.order_id, {
        result: JSON.stringify(result),
        status,
        mismatch,
        updated_at: now,
        ...(isTerminal(status as never) ? { ended_at: now } : {}),
      });
      if (status !== row.status) this.book.event(row.order_id, now, 'status', describeStatus(status, result));
      if (mismatch && mismatch !== row.mismatch) this.book.event(row.order_id, now, 'mismatch', mismatch);
    })();
    this.publish(row.order_id);
    return true;
  }

  private mismatchOf(row: OrderRow, result: PaymentResult): string {
    if (result.payeeId !== row.payee_id) return `The gateway's result is for another payee (${result.payeeId}).`;
    if (result.quoteAssetId.toLowerCase() !== row.quote_asset_id.toLowerCase())
      return `The gateway's result is in another currency (${result.quoteAssetId}).`;
    if (result.quoteAmount && compare(result.quoteAmount, row.quote_amount) !== 0)
      return `The gateway's result is for another amount (${result.quoteAmount}).`;
    return '';
  }

  /** An instruction whose window ended is renewed while the payer may still be at the till. */
  private async maybeRefresh(orderId: string): Promise<void> {
    const row = this.book.get(orderId);
    const instruction = row && parseInstruction(row);
    if (!row || !instruction || (row.status !== 'unpaid' && row.status !== 'paid_less')) return;
    const gatewayNowS = (this.deps.clock.now() + this.gatewayOffsetMs) / 1000;
    if (instruction.expire > gatewayNowS || this.deps.clock.now() - row.created_at > AUTO_REFRESH_WINDOW_MS) return;
    await this.refreshInstruction(row);
  }

  private async refreshInstruction(row: OrderRow): Promise<void> {
    const payment = await this.client.refresh(row.trace_id);
    const now = this.deps.clock.now();
    this.book.db.transaction(() => {
      this.book.update(row.order_id, {
        instruction: JSON.stringify(payment),
        transfer_trace: this.deps.ids.uuid(),
        updated_at: now,
      });
      this.book.event(
        row.order_id,
        now,
        'instruction',
        `Renewed: pay ${payment.paymentAmount} ${payment.paymentAssetSymbol}`,
      );
    })();
    this.publish(row.order_id);
  }

  /** A callback arrived: trust nothing in it; look the order up and ask the gateway. */
  async onCallback(body: {
    traceId: string;
    orderId: string;
    payeeId: string;
  }): Promise<{ ok: true } | { ok: false; status: number; reason: string }> {
    const row =
      (body.traceId && this.book.byTraceId(body.traceId)) ||
      (body.orderId && this.book.byOrder(body.orderId, body.payeeId)) ||
      undefined;
    if (!row) {
      this.deps.logger.warn('callback for an unknown order', { traceId: body.traceId, orderId: body.orderId });
      return { ok: false, status: 404, reason: 'UNKNOWN_ORDER' };
    }
    // Ended: its result is final and already checked; answer from the order book.
    if (isTerminal(row.status as never))
      return row.mismatch ? { ok: false, status: 409, reason: 'MISMATCH' } : { ok: true };
    let result: PaymentResult;
    try {
      result = await this.client.result(row.trace_id);
    } catch (error) {
      return { ok: false, status: 503, reason: `RESULT_UNAVAILABLE: ${String(error)}` };
    }
    const mismatch = this.mismatchOf(row, result);
    this.applyResult(this.book.get(row.order_id)!, result);
    if (mismatch) {
      this.deps.logger.warn('callback result does not match the order', { orderId: row.order_id, mismatch });
      return { ok: false, status: 409, reason: 'MISMATCH' };
    }
    return { ok: true };
  }

  private async orderOrThrow(orderId: string): Promise<OrderRow> {
    const row = this.book.get(orderId);
    if (!row) throw new PosError('not_found', `No order ${orderId}.`, 'orderId');
    return row;
  }

  private sandboxOnly(): void {
    if (!this.usesEmbedded() || this.deps.embeddedMode !== 'sandbox')
      throw new PosError('sandbox_only', 'Only in TEST MODE (the embedded sandbox gateway).');
  }

  // ---- the PosApi ----

  handlers(): PosHandlers {
    const wrap =
      <A, R>(fn: (args: A) => Promise<R>) =>
      async (args: A): Promise<R> => {
        try {
          return await fn(args);
        } catch (error) {
          if (error instanceof PosError) throw error;
          throw this.gatewayError(error);
        }
      };
    return {
      'app.info': async () => {
        const info = this.deps.appInfo();
        return {
          name: 'Paydesk',
          version: info.version,
          mode: this.deps.embeddedMode,
          gatewayUrl: this.gatewayUrl(),
          dataDir: info.dataDir,
          shell: info.shell,
        };
      },
      'settings.get': async () => this.settings.view(),
      'settings.save': wrap(async (patch) => {
        const { gatewayChanged } = await saveSettings(
          {
            settings: this.settings,
            owner: this.owner,
            embeddedKey: this.deps.merchantKey,
            lookup: (target, networkId) => this.lookup(networkId, target),
          },
          patch,
        );
        this.quoteList = undefined;
        if (gatewayChanged) this.assetFacts.clear();
        const view = this.settings.view();
        this.deps.events.publish('settings.changed', view);
        return view;
      }),
      'payee.lookup': wrap(async ({ networkId }) => this.lookup(networkId)),
      'assets.quote': wrap(async () =>
        (await this.quotes()).map((q): QuoteAssetView => ({
          assetId: q.assetId,
          symbol: q.symbol,
          isCrypto: q.isAsset === 1,
          decimalDigit: q.decimalDigit,
          minQuoteAmount: q.minQuoteAmount,
          maxQuoteAmount: q.maxQuoteAmount,
        })),
      ),
      'assets.payment': wrap(async ({ quoteAssetId, quoteAmount }) => {
        const payee = this.requireConfigured();
        const items = await this.client.paymentAssets(payee.payeeId, quoteAssetId, quoteAmount);
        await this.loadAssetFacts();
        for (const item of items)
          this.assetFacts.set(
            item.assetId,
            factsOf(item, this.assetFacts.get(item.assetId)?.requiredConfirmations ?? 0),
          );
        return items.map((item): PaymentAssetView => {
          const unusable = quoteAmount !== undefined && isZero(item.minPaymentAmount || '0');
          return {
            assetId: item.assetId,
            symbol: item.symbol,
            name: item.name,
            network: item.network,
            iconUrl: item.iconUrl,
            onChainSupported: item.onChainSupported,
            minPaymentAmount: item.minPaymentAmount,
            maxPaymentAmount: item.maxPaymentAmount,
            usable: !unusable,
            reason: unusable ? `${item.symbol} cannot pay this amount (outside its limits)` : '',
          };
        });
      }),
      'assets.settlement': wrap(async () => {
        const payee = this.requireConfigured();
        return (await this.client.settlementAssets(payee.payeeId)).map((s) => ({
          assetId: s.assetId,
          symbol: s.symbol,
          name: s.name,
          network: s.network,
        }));
      }),
      'order.create': wrap((args) => this.createOrder(args)),
      'order.get': wrap(async ({ orderId }) => {
        await this.orderOrThrow(orderId);
        this.focused = orderId;
        return (await this.poll(orderId)) ?? this.view(await this.orderOrThrow(orderId));
      }),
      'order.list': wrap(async ({ day, limit }) => {
        const tz = this.settings.stored().timeZone;
        const [from, to] = dayRange(day ?? dayOf(this.deps.clock.now(), tz), tz);
        return this.book.list(from, to, limit ?? 200).map((row) => this.view(row));
      }),
      'order.refresh': wrap(async ({ orderId }) => {
        const row = await this.orderOrThrow(orderId);
        if (row.status === 'queued') return this.view(row);
        if (isTerminal(row.status as never)) throw new PosError('conflict', `The order is already ${row.status}.`);
        await this.refreshInstruction(row);
        return this.view(this.book.get(orderId)!);
      }),
      'order.cancel': wrap(async ({ orderId }) => {
        const row = await this.orderOrThrow(orderId);
        if (isTerminal(row.status as never)) throw new PosError('conflict', `The order is already ${row.status}.`);
        const now = this.deps.clock.now();
        if (row.status === 'queued') {
          this.book.update(orderId, {
            status: 'failed',
            ended_at: now,
            updated_at: now,
            last_error: 'cancelled before it reached the gateway',
          });
        } else {
          const result = await this.client.cancel(row.trace_id);
          this.applyResult(this.book.get(orderId)!, result);
        }
        this.book.event(orderId, now, 'cancel', 'Cancelled at the till');
        return this.publish(orderId)!;
      }),
      'sandbox.payInFull': wrap(async ({ orderId }) => {
        this.sandboxOnly();
        const row = await this.orderOrThrow(orderId);
        const instruction = parseInstruction(row);
        if (!instruction) throw new PosError('conflict', 'The order has no payment instruction yet.');
        const result = parseResult(row);
        const due = result && !isZero(result.payableAmount || '0') ? remainingOf(result) : instruction.paymentAmount;
        await this.sandboxPay(row, due, true);
        return (await this.poll(orderId))!;
      }),
      'sandbox.payPart': wrap(async ({ orderId, amount }) => {
        this.sandboxOnly();
        const row = await this.orderOrThrow(orderId);
        await this.sandboxPay(row, amount, false);
        return (await this.poll(orderId))!;
      }),
      'sandbox.mine': wrap(async ({ network, count }) => {
        this.sandboxOnly();
        const mined = await this.client.sandboxMine(network, count);
        this.pokeOpen();
        return { network: mined.network, height: mined.height };
      }),
      'sandbox.advanceClock': wrap(async ({ seconds }) => {
        this.sandboxOnly();
        const moved = await this.client.sandboxAdvance(seconds);
        this.gatewayOffsetMs = moved.nowMs - this.deps.clock.now();
        this.pokeOpen();
        return moved;
      }),
      'owner.unlock': async ({ pin }) => this.owner.unlock(pin),
      'owner.lock': async ({ token }) => {
        this.owner.lock(token);
        return { locked: true as const };
      },
      'owner.day': async ({ token, ...filters }) => {
        this.owner.check(token);
        return this.owner.day(filters);
      },
      'owner.order': wrap(async ({ token, orderId }) => {
        this.owner.check(token);
        return this.owner.detail(orderId);
      }),
      'owner.review': wrap(async ({ token, orderId, decision, reason }) => {
        this.owner.check(token);
        return this.owner.review(orderId, decision, reason);
      }),
      'owner.redeliver': wrap(async ({ token, orderId, deliveryId }) => {
        this.owner.check(token);
        return this.owner.redeliver(orderId, deliveryId);
      }),
      'owner.rails': wrap(async ({ token }) => {
        this.owner.check(token);
        return this.railsView(() => this.client.rails());
      }),
      'owner.saveRails': wrap(async ({ token, config }) => {
        this.owner.check(token);
        return this.railsView(() => this.client.saveRails(config), true);
      }),
      'owner.export': async ({ token, from, to }) => {
        this.owner.check(token);
        return this.owner.exportCsv(from, to);
      },
    } satisfies PosHandlers;
  }

  /** The gateway's rails as the owner sees them; a refusal of a save names the field. */
  private async railsView(fetchRails: () => ReturnType<GatewayClient['rails']>, saving = false): Promise<RailsView> {
    try {
      const rails = await fetchRails();
      if (saving) this.assetFacts.clear();
      return {
        available: rails.mode === 'live',
        reason:
          rails.mode === 'live'
            ? ''
            : 'The gateway runs in sandbox mode: real rails are configured on a live data directory (--mode live).',
        config: rails.config,
        health: rails.health,
      };
    } catch (error) {
      if (saving && error instanceof GatewayRefused && error.code === 10011)
        throw new PosError('invalid_args', error.message, 'config');
      if (error instanceof GatewayRefused && error.httpStatus === 404)
        return { available: false, reason: 'This gateway does not offer rail settings.', config: null, health: [] };
      throw error;
    }
  }

  /** Looks a payee up on the gateway in use, or on one being set up (a public endpoint: no key). */
  private async lookup(networkId: string, target?: GatewaySetting) {
    const client = target
      ? new GatewayClient({
          baseUrl: () => this.gatewayUrl(target),
          hosted: () => target.kind === 'hosted',
          merchantKey: () => undefined,
        })
      : this.client;
    try {
      const found = await client.lookupPayee(networkId);
      return { networkId, payeeId: found.payeeId, fullName: found.fullName ?? '' };
    } catch (error) {
      if (error instanceof GatewayRefused && error.code === 10001)
        throw new PosError('payee_not_found', `${networkId} is not a user of this gateway.`, 'payeeNetworkId');
      throw error;
    }
  }

  /** The simulated payer: scanning the QR (the instruction's own transfer id) or paying a part. */
  private async sandboxPay(row: OrderRow, amount: string, viaQr: boolean): Promise<void> {
    const instruction = parseInstruction(row);
    if (!instruction) throw new PosError('conflict', 'The order has no payment instruction yet.');
    if (instruction.isChain) {
      await this.client.sandboxDeposit({
        destination: instruction.destination,
        tag: instruction.tag,
        asset: instruction.paymentAssetId,
        amount,
      });
    } else {
      await this.client.sandboxTransfer({
        recipient: instruction.recipient,
        asset: instruction.paymentAssetId,
        amount,
        trace: viaQr ? row.transfer_trace : this.deps.ids.uuid(),
        memo: instruction.memo,
      });
    }
  }

  /** Checks the watched orders now (sandbox blocks and clock moves); orders too old to watch are left alone. */
  private pokeOpen(): void {
    for (const orderId of this.nextPoll.keys()) this.nextPoll.set(orderId, 0);
  }

  connectionView(): ConnectionView {
    return { ...this.connection, queued: this.book.queued().length };
  }
}

/** What is still due on an order (the whole payable when nothing was paid). */
function remainingOf(result: PaymentResult): string {
  return remaining(result.payableAmount || '0', result.paymentAmount || '0');
}

function describeStatus(status: string, result: PaymentResult): string {
  switch (status) {
    case 'confirming':
      return `Confirming (${Math.max(result.confirmations, 0)} confirmations)`;
    case 'paid_less':
      return `Paid ${result.paymentAmount} of ${result.payableAmount} ${result.payableSymbol}`;
    case 'failed':
      return `Failed: ${result.failureReason || result.failureCode}`;
    default:
      return status.charAt(0).toUpperCase() + status.slice(1).replace('_', ' ');
  }
}

/** The calendar day (YYYY-MM-DD) of an instant in a time zone. */
export function dayOf(ms: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(ms),
  );
}

/** [start, end) in ms of a calendar day in a time zone. */
export function dayRange(day: string, timeZone: string): [number, number] {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const offsetAt = (utcMs: number): number => {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    }).formatToParts(new Date(utcMs));
    const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
    return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) - utcMs;
  };
  const startGuess = Date.UTC(y, m - 1, d);
  const start = startGuess - offsetAt(startGuess);
  const endGuess = Date.UTC(y, m - 1, d + 1);
  const end = endGuess - offsetAt(endGuess);
  return [start, end];
}
