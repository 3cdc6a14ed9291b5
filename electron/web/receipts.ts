/**
 * Receipts the payer keeps: one page per paid order at `/receipt/{orderId}.{mac}`, the mac an HMAC of
 * the order id under a key derived from the merchant key, so links cannot be guessed or altered and
 * need no table (they survive restarts, and a new merchant key retires them). Served without scripts
 * on the till's address and the payer listener; the same facts go onto the paper receipt.
 */
import type { FastifyInstance } from 'fastify';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { OrderView } from '../../shared/posapi.js';
import { isLanguage, LANGUAGE_WORD, LANGUAGES, type Language } from '../../shared/i18n/languages.js';
import { paperText, type PaperKey } from '../../shared/i18n/paper.js';
import type { ReceiptFacts } from '../till/printing/receipt-facts.js';

export { receiptFacts, type ReceiptFacts } from '../till/printing/receipt-facts.js';

const RECEIPT_ID = /^([A-Za-z0-9_-]{6,36})\.([0-9a-f]{32})$/;

export class ReceiptLinks {
  private readonly key: Buffer;

  constructor(merchantKey: string) {
    this.key = createHmac('sha256', merchantKey).update('paydesk receipt links v1').digest();
  }

  private mac(orderId: string): string {
    return createHmac('sha256', this.key).update(orderId).digest('hex').slice(0, 32);
  }

  idFor(orderId: string): string {
    return `${orderId}.${this.mac(orderId)}`;
  }

  /** The order id of a genuine receipt id, else undefined. */
  orderIdOf(receiptId: string): string | undefined {
    const match = RECEIPT_ID.exec(receiptId);
    if (!match) return undefined;
    const [, orderId = '', given = ''] = match;
    const ok = timingSafeEqual(Buffer.from(given), Buffer.from(this.mac(orderId)));
    return ok ? orderId : undefined;
  }
}

const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; frame-ancestors 'none'; form-action 'none'";

const escape = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const rowsOf = (lines: ReceiptFacts['lines']): string =>
  lines.map((line) => `<div><dt>${escape(line.label)}</dt><dd>${escape(line.value)}</dd></div>`).join('');

/**
 * The payer's language picker of the checkout page, made for a page without scripts: every language by
 * its own name at the bottom, under the word "Language" in the language showing; a tap reloads the
 * receipt in it (`?lang=`). The current one is marked for the eye and for screen readers.
 */
function languageLinks(showing: Language): string {
  const items = LANGUAGES.map((l) => {
    const current = l.code === showing ? ' aria-current="true"' : '';
    return `<li><a href="?lang=${l.code}" lang="${l.code}" hreflang="${l.code}"${current}>${escape(l.name)}</a></li>`;
  }).join('');
  return `<nav class="languages" aria-labelledby="language-word"><h2 id="language-word">${escape(LANGUAGE_WORD[showing])}</h2><ul>${items}</ul></nav>`;
}

function page(facts: ReceiptFacts): string {
  const language: Language = facts.language ?? 'en';
  const say = (key: PaperKey, values: Record<string, string> = {}) => escape(paperText(language, key, values));
  // A cart sale's lines, totals and tenders follow as their own lists, as on paper.
  const rows = [facts.lines, ...(facts.groups ?? [])]
    .filter((group) => group.length > 0)
    .map(rowsOf)
    .join('</dl><dl>');
  const head = (facts.head ?? []).map((line) => `<p>${escape(line)}</p>`).join('');
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${say('receiptTitle', { shop: facts.shop })}</title>
<style>body{font:17px/1.5 system-ui,sans-serif;max-width:30rem;margin:2rem auto;padding:0 1rem;color:#111;background:#fff}
dl{border:1px solid #c8c8c8;border-radius:8px;padding:.75rem 1rem}dl div{display:flex;justify-content:space-between;gap:1rem;padding:.25rem 0}
dt{color:#4a4a4a}.languages{margin:1.5rem 0 0}.languages h2{font-size:1rem;margin:0 0 .5rem}
.languages ul{list-style:none;display:flex;flex-wrap:wrap;gap:.5rem;margin:0;padding:0}.languages a{display:inline-flex;align-items:center;min-height:44px;padding:0 .8rem;border:1px solid #c8c8c8;border-radius:8px;color:#0b5e57}
.languages a[aria-current]{border:2px solid #0b5e57;font-weight:700}.test{border:2px dashed #8a3b00;color:#8a3b00;font-weight:700;padding:.25rem .5rem;text-align:center}dd{margin:0;font-weight:600;text-align:right;overflow-wrap:anywhere}</style>
</head><body><main>
<h1>${escape(facts.shop)}</h1>${head}
<p>${say('receipt')}</p>${facts.test ? `<p class="test">${say('testReceipt')}</p>` : ''}
<dl>${rows}</dl>
<p>${say('thankYou')}</p>
</main>${languageLinks(language)}</body></html>`;
}

export interface ReceiptPageDeps {
  links: ReceiptLinks;
  /** A paid order by id, else undefined. */
  paidOrder: (orderId: string) => OrderView | undefined;
  /** The receipt's facts: in the shop's language, or in the one the payer picked on the page. */
  facts: (order: OrderView, payerLanguage?: Language) => ReceiptFacts;
}

export function registerReceiptPage(app: FastifyInstance, deps: ReceiptPageDeps): void {
  app.get<{ Params: { receipt: string }; Querystring: { lang?: unknown } }>(
    '/receipt/:receipt',
    async (request, reply) => {
      void reply
        .header('content-security-policy', PAGE_CSP)
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .header('referrer-policy', 'no-referrer');
      const orderId = deps.links.orderIdOf(request.params.receipt);
      const order = orderId ? deps.paidOrder(orderId) : undefined;
      if (!order) return reply.code(404).type('text/plain; charset=utf-8').send('No such receipt');
      // The payer's pick from the page's own language links; anything else is the shop's language.
      const lang = request.query.lang;
      const picked = typeof lang === 'string' && isLanguage(lang) ? lang : undefined;
      return reply.type('text/html; charset=utf-8').send(page(deps.facts(order, picked)));
    },
  );
}
