/**
 * The QR the payer scans (the instruction's payment URI) with the amount to pay, or a top-up after a
 * short payment; while the order is queued offline there is no instruction yet, so no QR.
 */
import { QRCodeSVG } from 'qrcode.react';
import type { OrderView } from '../../../shared/posapi.js';
import { formatAmount } from '../../app/format.js';
import { t } from '../../app/text.js';

export function PaymentQr({ order, locale }: { order: OrderView; locale: string }) {
  const instruction = order.instruction;
  if (!instruction)
    return (
      <div className="qr-box">
        <p role="status">{t('status_queued')}</p>
      </div>
    );
  const due = { amount: formatAmount(instruction.paymentAmount, locale), symbol: instruction.paymentSymbol };
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
          {order.status === 'paid_less' ? t('topUp', due) : t('scanToPay', due)}
        </figcaption>
      </figure>
    </div>
  );
}
