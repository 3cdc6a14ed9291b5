/**
 * The customer display: what the payer sees of the current sale, large enough to read across the
 * counter. The total; then the QR as large as the screen allows with, in words, what to pay on which
 * network to whom and which app the code opens; the countdown, confirmations, what is still due; a
 * thank-you with the receipt's QR. It only reads (a display token, no PosApi): no cashier controls.
 */
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useState } from 'react';
import { receivedInAll } from '../../shared/overpayment.js';
import type { DisplaySale } from '../../shared/posapi-display.js';
import { clockText } from '../app/network.js';
import { pt } from '../payer/text.js';
import { choosePayerLanguage } from '../i18n/payer-language.js';
import { LanguagePicker } from '../i18n/LanguagePicker.js';
import { amountText, appHint, moneyWords, failureWords, networkLabel, payerLocale } from '../payer/words.js';
import { useDisplayFeed } from './useDisplayFeed.js';
import { CartOnDisplay, WholeSale } from './CartOnDisplay.js';
import { TipOnDisplay, TipThanks } from './TipOnDisplay.js';

/** How long a finished sale stays on screen before the welcome comes back (ms). */
const ENDED_SHOWN_MS = 120_000;
/** How long the thank-you for a tip stays, so the payer sees it was taken (ms). */
export const TIP_THANKS_MS = 4_000;

/** The tip thank-you: on from the answer for TIP_THANKS_MS, off early when a new payment begins. */
function useTipThanks(saleKey: string): { thanking: boolean; thank: () => void } {
  const [thankedAt, setThankedAt] = useState<{ saleKey: string } | null>(null);
  useEffect(() => {
    if (!thankedAt) return;
    const timer = setTimeout(() => setThankedAt(null), TIP_THANKS_MS);
    return () => clearTimeout(timer);
  }, [thankedAt]);
  return {
    thanking: thankedAt !== null && thankedAt.saleKey === saleKey,
    thank: () => setThankedAt({ saleKey }),
  };
}

function useTick(): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function Total({ sale, locale }: { sale: DisplaySale; locale: string }) {
  return (
    <p className="total">
      <span className="label">{pt('total')}</span>
      <span className="value">{moneyWords(sale.quoteAmount, sale.quoteSymbol, locale)}</span>
    </p>
  );
}

function Countdown({ payBy, now }: { payBy: number; now: number }) {
  if (!payBy) return null;
  return (
    <p className="countdown">
      <span className="label">{pt('timeToPay')}</span>
      <span className="value" aria-live="off">
        {clockText((payBy - now) / 1000)}
      </span>
    </p>
  );
}

function progressText(sale: DisplaySale, locale: string): string {
  const symbol = sale.instruction?.symbol ?? '';
  if (sale.status === 'confirming')
    return pt('displayConfirming', { n: Math.max(sale.confirmations, 0), m: sale.requiredConfirmations });
  if (sale.status === 'paid_less')
    return pt('displayPaidLess', {
      paid: amountText(sale.paidAmount, locale),
      due: amountText(sale.payableAmount, locale),
      symbol,
    });
  return pt('status_unpaid');
}

function Paying({ sale, shop, now, locale }: { sale: DisplaySale; shop: string; now: number; locale: string }) {
  const i = sale.instruction;
  if (!i) return <Message title={pt('waitingOffline')} sale={sale} locale={locale} />;
  const network = networkLabel(i.network, i.symbol);
  const words = { amount: amountText(i.amount, locale), symbol: i.symbol, network, shop };
  const showQr = sale.status !== 'confirming';
  return (
    <main className="paying">
      <section className="facts">
        {sale.whole ? <WholeSale cart={sale.whole} locale={locale} /> : <Total sale={sale} locale={locale} />}
        <h1 className="pay-words">{sale.status === 'paid_less' ? pt('topUpTo', words) : pt('payTo', words)}</h1>
        <p className="app-hint">{appHint(i.network, i.isChain)}</p>
        <p role="status" className={`progress status-${sale.status}`}>
          {progressText(sale, locale)}
        </p>
        {sale.status === 'paid_less' && (
          <p className="due">
            <span className="label">{pt('stillDue')}</span>
            <span className="value">
              {amountText(sale.remainingAmount, locale)} {i.symbol}
            </span>
          </p>
        )}
        {i.isChain && i.tag && (
          <p className="tag">
            {pt('tag')}: <code>{i.tag}</code>
          </p>
        )}
        <Countdown payBy={sale.payBy} now={now} />
      </section>
      {showQr && (
        <section className="qr-side">
          <QRCodeSVG
            value={i.paymentUri}
            size={512}
            level="M"
            marginSize={4}
            role="img"
            aria-label={pt('qrLabel', { amount: i.amount, symbol: i.symbol })}
          />
        </section>
      )}
    </main>
  );
}

function Message({ title, note, sale, locale }: { title: string; note?: string; sale?: DisplaySale; locale: string }) {
  return (
    <main className="message">
      {sale && <Total sale={sale} locale={locale} />}
      <h1>{title}</h1>
      {note && <p className="note">{note}</p>}
    </main>
  );
}

/** What the payer sent, all of it: with more than was due, the till says so too, and so does this screen. */
function PaidWith({ sale, locale }: { sale: DisplaySale; locale: string }) {
  const symbol = sale.instruction?.symbol ?? '';
  const { received, more } = receivedInAll(sale.paidAmount, sale.surplusAmount);
  return (
    <>
      <p className="note">{pt('paidWith', { amount: amountText(received, locale), symbol })}</p>
      {more ? <p className="note">{pt('paidMoreThanDue', { amount: amountText(more, locale), symbol })}</p> : null}
    </>
  );
}

function ThankYou({ sale, locale }: { sale: DisplaySale; locale: string }) {
  return (
    <main className="message thanks">
      <p className="mark" aria-hidden="true">
        ✓
      </p>
      <h1>{pt('thankYou')}</h1>
      <PaidWith sale={sale} locale={locale} />
      {sale.receiptUrl && (
        <figure className="receipt-qr">
          <QRCodeSVG
            value={sale.receiptUrl}
            size={220}
            level="M"
            marginSize={4}
            role="img"
            aria-label={pt('receiptQr')}
          />
          <figcaption>{pt('receiptScan')}</figcaption>
        </figure>
      )}
    </main>
  );
}

function Sale({ sale, shop, now, locale }: { sale: DisplaySale; shop: string; now: number; locale: string }) {
  switch (sale.status) {
    case 'queued':
    case 'unpaid':
    case 'confirming':
    case 'paid_less':
      return <Paying sale={sale} shop={shop} now={now} locale={locale} />;
    case 'pending':
      return <Message title={pt('displaySettling')} sale={sale} locale={locale} />;
    case 'auditing':
      return <Message title={pt('displayReview')} sale={sale} locale={locale} />;
    case 'success':
      return <ThankYou sale={sale} locale={locale} />;
    case 'failed':
      return (
        <Message
          title={pt('notCompleted')}
          note={sale.failureCode === '40032' ? pt('cancelledByShop') : failureWords(sale.failureCode, '')}
          locale={locale}
        />
      );
  }
}

export function CustomerDisplay({ token }: { token: string }) {
  const feed = useDisplayFeed(token);
  const tick = useTick();
  const [endedAt, setEndedAt] = useState<Record<string, number>>({});
  const locale = payerLocale();
  const view = feed.view;
  const sale = view?.sale ?? null;
  const ended = sale && (sale.status === 'success' || sale.status === 'failed');
  useEffect(() => {
    if (sale && ended && !endedAt[sale.saleKey]) setEndedAt((was) => ({ ...was, [sale.saleKey]: Date.now() }));
  }, [sale, ended, endedAt]);
  const stale = sale && ended && tick - (endedAt[sale.saleKey] ?? tick) > ENDED_SHOWN_MS;
  const shop = view?.shop ?? '';
  const tipThanks = useTipThanks(sale && !ended ? sale.saleKey : '');
  return (
    <div className="display">
      {!feed.connected && view && (
        <p className="offline" role="alert">
          {pt('connectionLost')}
        </p>
      )}
      {view?.tip ? (
        <TipOnDisplay question={view.tip} token={token} locale={locale} onAnswered={tipThanks.thank} />
      ) : tipThanks.thanking ? (
        <TipThanks />
      ) : view?.cart ? (
        <CartOnDisplay cart={view.cart} locale={locale} />
      ) : !sale || stale ? (
        <Message title={pt('welcome', { shop })} note={pt('welcomeNote')} locale={locale} />
      ) : (
        <Sale sale={sale} shop={shop} now={tick + feed.skewMs} locale={locale} />
      )}
      <LanguagePicker className="display-language" onPick={(language) => void choosePayerLanguage(language)} />
    </div>
  );
}
