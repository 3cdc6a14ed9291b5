/**
 * The customer display (`/display/`): a page for the payer that follows the current sale live. It is
 * served only to this machine (the till's loopback names, like the till's page) and reads a read-only
 * channel, `/display/events`, guarded by a display token of its own: never the PosApi token, so a
 * display (a second window, a tablet's browser on this machine) can watch but never act.
 */
import type { FastifyInstance } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { displaySale, type DisplaySale, type DisplayView } from '../../shared/posapi-display.js';
import { type OrderView } from '../../shared/posapi.js';
import type { DisplayCart, DisplayTipAnswer, DisplayTipQuestion } from '../../shared/posapi-counter.js';
import type { PosEventHub } from '../bridge/events.js';
import { CSP } from './renderer-page.js';
import { loadPage, registerPageAssets, withShopLanguage } from './payer-pages.js';
import { registerTipAnswer } from './display-input.js';
import { posError, posErrorShape } from '../../shared/pos-error.js';

export interface DisplayFeedDeps {
  events: PosEventHub;
  shop: () => string;
  now: () => number;
  /** The receipt link of a paid order, '' when there is none. */
  receiptUrl: (order: OrderView) => string;
  /** The cart and the tip question (the till's counter display); absent: the payment only. */
  counter?: CounterSide;
  /** The whole cart sale an order is the crypto part of. */
  saleOf?: (orderId: string) => DisplayCart | undefined;
  /** The sale still open when the till starts (till.db), shown again after a restart; undefined when none. */
  openSale?: () => OrderView | undefined;
}

/** What the feed needs of the till's counter display (till/sales/counter-display.ts). */
export interface CounterSide {
  readonly cart: DisplayCart | null;
  readonly question: DisplayTipQuestion | null;
  displays: number;
  onChange(listener: () => void): void;
  answer(questionId: string, tip: DisplayTipAnswer['tip']): unknown;
}

/** The current sale as the payer sees it, pushed to every open display on each change. */
export class DisplayFeed {
  private sale: DisplaySale | null = null;
  private saleCreatedAt = 0;
  private readonly listeners = new Set<(view: DisplayView) => void>();
  private readonly unsubscribe: () => void;

  constructor(private readonly deps: DisplayFeedDeps) {
    this.unsubscribe = deps.events.subscribe((message) => {
      if (message.event === 'order.updated') this.onOrder(message.payload);
      else if (message.event === 'settings.changed') this.push();
    });
    deps.counter?.onChange(() => this.push());
    // A restart in the middle of a sale: the display picks it up from the book, not from memory.
    const open = deps.openSale?.();
    if (open) this.onOrder(open);
  }

  private onOrder(order: OrderView): void {
    // Reconciling an older order in the background must not take the screen from the current sale.
    if (this.sale && this.sale.saleKey !== order.orderId && order.createdAt < this.saleCreatedAt) return;
    this.sale = displaySale(order, order.status === 'success' ? this.deps.receiptUrl(order) : '');
    this.saleCreatedAt = order.createdAt;
    this.push();
  }

  view(): DisplayView {
    const { counter, saleOf } = this.deps;
    const whole = this.sale && saleOf?.(this.sale.saleKey);
    const sale = this.sale && whole ? { ...this.sale, whole } : this.sale;
    const base = { shop: this.deps.shop(), sale, at: this.deps.now() };
    return counter ? { ...base, cart: counter.cart, tip: counter.question } : base;
  }

  subscribe(listener: (view: DisplayView) => void): () => void {
    this.listeners.add(listener);
    this.counted();
    return () => {
      this.listeners.delete(listener);
      this.counted();
    };
  }

  /** The till asks the tip on the display only when one watches. */
  private counted(): void {
    if (this.deps.counter) this.deps.counter.displays = this.listeners.size;
  }

  /** The display's one input: the answer to the open tip question. */
  answerTip(answer: DisplayTipAnswer): void {
    if (!this.deps.counter) throw posError('tip_question_closed', {}, 'questionId');
    this.deps.counter.answer(answer.questionId, answer.tip);
  }

  private push(): void {
    const view = this.view();
    for (const listener of [...this.listeners]) {
      try {
        listener(view);
      } catch {
        // A closed stream must not stop the others.
      }
    }
  }

  close(): void {
    this.unsubscribe();
    this.listeners.clear();
    this.counted();
  }
}

const WRONG_TOKEN = { ok: false, error: posErrorShape('display_token_refused') };

function sameToken(given: string | undefined, token: string): boolean {
  if (!given) return false;
  const [a, b] = [Buffer.from(given), Buffer.from(token)];
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Registers /display/ (the page with its display token), its files and its event stream; false without a build. */
export function registerCustomerDisplay(
  app: FastifyInstance,
  dir: string,
  feed: DisplayFeed,
  token: string,
  language?: () => string,
): boolean {
  const page = loadPage(dir, 'display.html');
  if (!page) return false;
  const html = page.html.replace('%PAYDESK_DISPLAY_TOKEN%', token);
  app.get('/display', async (_request, reply) => reply.redirect('/display/'));
  app.get('/display/', async (_request, reply) =>
    reply
      .header('content-security-policy', CSP)
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .type('text/html; charset=utf-8')
      .send(withShopLanguage(html, language)),
  );
  registerPageAssets(app, dir, '/display', page);
  registerTipAnswer(app, feed, token);
  app.get<{ Querystring: { token?: string } }>('/display/events', (request, reply) => {
    if (!sameToken(request.query.token, token)) {
      void reply.code(401).send(WRONG_TOKEN);
      return;
    }
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' });
    const send = (view: DisplayView): void => void res.write(`data: ${JSON.stringify(view)}\n\n`);
    send(feed.view());
    const unsubscribe = feed.subscribe(send);
    const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), 15_000);
    request.raw.on('close', () => {
      clearInterval(keepAlive);
      unsubscribe();
    });
  });
  return true;
}
