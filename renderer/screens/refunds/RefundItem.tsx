/**
 * One refund: what goes back, where, why and its status; while it is to be sent, the payout QR for the
 * owner's own wallet and the text to copy (the app never signs), the txid to enter once it is sent, and
 * in TEST MODE the simulated wallet that pays it. The slip prints on its own (browser print).
 */
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import type { Refund } from '../../../shared/wire-refunds.js';
import type { TillSettings } from '../../../shared/posapi.js';
import { usePosApi } from '../../app/api-context.js';
import { formatAmount, formatDateTime } from '../../app/format.js';
import { t, type TextKey } from '../../app/text.js';
import { CopyButton } from '../../components/CopyButton.js';
import { WithdrawForm } from './WithdrawForm.js';
import { ThermalPrintButton } from '../../printing/ThermalPrintButton.js';
import { prt } from '../../printing/text.js';

/** Prints only this refund's slip: the body and the slip are marked so the print style hides everything else. */
export function printSlip(refundId: string): void {
  const slip = document.getElementById(`slip-${refundId}`);
  document.body.classList.add('printing-refund-slip');
  slip?.classList.add('printing');
  try {
    window.print();
  } finally {
    document.body.classList.remove('printing-refund-slip');
    slip?.classList.remove('printing');
  }
}

/** The slip: hidden on screen, the only thing printed when its button is pressed. */
function Slip({ refund, settings }: { refund: Refund; settings: TillSettings }) {
  const { locale } = settings;
  return (
    <div className="refund-slip" id={`slip-${refund.refundId}`}>
      <h2>{t('refundSlipTitle')}</h2>
      <dl>
        <dt>{t('refundSlipOrder')}</dt>
        <dd>{refund.orderId}</dd>
        <dt>{t('refundSlipId')}</dt>
        <dd>{refund.refundId}</dd>
        <dt>{t('refundAmount')}</dt>
        <dd>
          {formatAmount(refund.amount, locale)} {refund.symbol} ({refund.quoteAtOriginalRate || '—'}{' '}
          {refund.quoteSymbol})
        </dd>
        <dt>{t('refundTo')}</dt>
        <dd>{refund.destination}</dd>
        <dt>{t('refundReason')}</dt>
        <dd>{refund.reason}</dd>
        <dt>{t('receiptStatus')}</dt>
        <dd>{t(`refundStatus_${refund.status}` as TextKey)}</dd>
        <dt>{t('refundTxid')}</dt>
        <dd>{refund.txid || '—'}</dd>
        <dt>{t('refundSlipAt')}</dt>
        <dd>{formatDateTime(refund.createdAt * 1000, locale, settings.timeZone)}</dd>
      </dl>
      <p>{t('refundSlipSign')}</p>
    </div>
  );
}

function Payout({ refund }: { refund: Refund }) {
  if (!refund.payoutUri) return null;
  return (
    <div className="refund-payout">
      <QRCodeSVG
        value={refund.payoutUri}
        size={168}
        // A full white quiet zone (4 modules): on the dark theme the card around it is dark.
        marginSize={4}
        role="img"
        aria-label={t('refundQrLabel', { amount: refund.amount, symbol: refund.symbol })}
      />
      <p>
        <code className="refund-uri">{refund.payoutUri}</code>{' '}
        <CopyButton value={refund.payoutUri} label={t('refundPayoutText')} />
      </p>
    </div>
  );
}

function TxidEntry({ busy, onSent }: { busy: boolean; onSent: (txid: string) => void }) {
  const [txid, setTxid] = useState('');
  const ok = /^(0x)?[0-9a-fA-F]{64}$/.test(txid);
  return (
    <form
      className="row"
      onSubmit={(e) => {
        e.preventDefault();
        if (ok) onSent(txid);
      }}
    >
      <label className="inline">
        {t('refundTxid')}
        <input value={txid} onChange={(e) => setTxid(e.target.value.trim())} spellCheck={false} size={30} />
      </label>
      <button type="submit" disabled={!ok || busy}>
        {t('refundMarkSent')}
      </button>
    </form>
  );
}

export function RefundItem({
  refund,
  settings,
  sandbox,
  mayPay,
  busy,
  onSent,
  onSandboxSend,
  onWithdraw,
}: {
  refund: Refund;
  settings: TillSettings;
  sandbox: boolean;
  mayPay: boolean;
  busy: boolean;
  onSent: (txid: string) => void;
  onSandboxSend: () => void;
  onWithdraw: (reason: string) => void;
}) {
  const api = usePosApi();
  const open = refund.status === 'to_send' || refund.status === 'flagged';
  const { locale } = settings;
  return (
    <li className={`refund refund-${refund.status}`}>
      <p>
        <strong>
          {formatAmount(refund.amount, locale)} {refund.symbol}
        </strong>{' '}
        · <span className="refund-status">{t(`refundStatus_${refund.status}` as TextKey)}</span> · {refund.reason}
      </p>
      <p className="hint">
        {t('refundWorth', {
          original: refund.quoteAtOriginalRate || '—',
          today: refund.quoteAtTodayRate || '—',
          quote: refund.quoteSymbol,
        })}
      </p>
      <p className="hint">
        {t('refundTo')} <code>{refund.destination}</code>
        {refund.txid ? (
          <>
            {' '}
            · {t('refundTxid')} <code>{refund.txid.slice(0, 18)}…</code>
          </>
        ) : null}
      </p>
      {refund.flagReason ? (
        <p className="error" role="alert">
          {t('refundFlagged', { reason: refund.flagReason })} {t('refundFlaggedCounts')}
        </p>
      ) : null}
      {refund.status === 'withdrawn' ? (
        <p className="hint">{t('refundWithdrawnBecause', { reason: refund.withdrawnReason })}</p>
      ) : null}
      {open && mayPay ? <Payout refund={refund} /> : null}
      {open && mayPay ? <TxidEntry busy={busy} onSent={onSent} /> : null}
      {open && mayPay ? <WithdrawForm busy={busy} onWithdraw={onWithdraw} /> : null}
      <div className="row">
        {open && mayPay && sandbox ? (
          <button type="button" onClick={onSandboxSend} disabled={busy}>
            {t('refundSandboxSend')}
          </button>
        ) : null}
        <button type="button" onClick={() => printSlip(refund.refundId)}>
          {t('refundPrintSlip')}
        </button>
        <ThermalPrintButton
          label={prt('printSlipThermal')}
          run={() => api.call('refundSlip.print', { orderId: refund.orderId, refundId: refund.refundId })}
        />
      </div>
      <Slip refund={refund} settings={settings} />
    </li>
  );
}
