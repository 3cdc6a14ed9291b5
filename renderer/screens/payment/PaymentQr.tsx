/**
 * The QR the payer scans (the instruction's payment URI) with what to pay, on which network, to whom,
 * and which app opens it; a top-up after a short payment. Once the payment is received the QR gives
 * way to "Payment received — waiting for …", so no second payment is invited. While the order is
 * queued offline there is no instruction yet, so no QR.
 */
import { QRCodeSVG } from 'qrcode.react';
import type { OrderView } from '../../../shared/posapi.js';
import { formatAmount } from '../../app/format.js';
import { isLightning, networkLabel } from '../../app/network.js';
import { t } from '../../app/text.js';
import { paidAndWaiting } from './money.js';
import { receivedOf, SurplusLine } from './Surplus.js';

function Received({ order, locale }: { order: OrderView; locale: string }) {
  const p = order.progress;
  const headline =
    order.status === 'confirming'
      ? t('received', { n: Math.max(p?.confirmations ?? 0, 0), m: p?.requiredConfirmations ?? 0 })
      : order.status === 'auditing'
        ? t('receivedReview')
        : t('receivedSettling');
  return (
    <div className="qr-box received">
      <div>
        <p className="received-mark" aria-hidden="true">
          ✓
        </p>
        <p className="received-title">{headline}</p>
        <p>
          {t('receivedNote', {
            amount: formatAmount(receivedOf(order).received, locale),
            symbol: order.instruction?.paymentSymbol ?? '',
          })}
        </p>
        <SurplusLine order={order} locale={locale} />
      </div>
    </div>
  );
}

function appHint(network: string, isChain: boolean): string {
  if (isLightning(network)) return t('invoiceApp');
  return isChain ? t('chainApp', { network }) : t('walletApp');
}

export function PaymentQr({ order, locale, payee }: { order: OrderView; locale: string; payee: string }) {
  const instruction = order.instruction;
  if (paidAndWaiting(order)) return <Received order={order} locale={locale} />;
  if (!instruction)
    return (
      <div className="qr-box">
        <p role="status">{t('status_queued')}</p>
      </div>
    );
  const words = {
    amount: formatAmount(instruction.paymentAmount, locale),
    symbol: instruction.paymentSymbol,
    network: networkLabel(instruction.network, instruction.paymentSymbol),
    name: payee,
  };
  return (
    <div className="qr-box">
      <figure>
        <QRCodeSVG
          value={instruction.paymentUri}
          size={320}
          level="M"
          marginSize={4}
          role="img"
          aria-label={t('qrLabel', { amount: instruction.paymentAmount, symbol: instruction.paymentSymbol })}
        />
        <figcaption className="pay-amount">
          <strong>{order.status === 'paid_less' ? t('topUpTo', words) : t('payTo', words)}</strong>
          <span className="app-hint">{appHint(instruction.network, instruction.isChain)}</span>
        </figcaption>
      </figure>
    </div>
  );
}
