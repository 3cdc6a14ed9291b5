/**
 * A change of payee redirects the shop's money: it is confirmed with both payees side by side (name and
 * network id), the safe answer focused, Escape keeping the current one.
 */
import { useEffect, useRef } from 'react';
import type { PayeeView } from '../../../shared/posapi.js';
import { t } from '../../app/text.js';

export function PayeeChange({
  from,
  to,
  onConfirm,
  onKeep,
}: {
  from: { name: string; networkId: string };
  to: PayeeView;
  onConfirm: () => void;
  onKeep: () => void;
}) {
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => keep.current?.focus(), []);
  return (
    <div className="modal-backdrop">
      <div
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="payee-change-title"
        className="confirm modal"
        onKeyDown={(e) => {
          if (e.key === 'Escape') onKeep();
        }}
      >
        <h3 id="payee-change-title">{t('confirmPayee')}</h3>
        <div className="side-by-side">
          <p className="payee-old">{t('payeeFrom', from)}</p>
          <p className="payee-new">{t('payeeTo', { name: to.fullName || to.payeeId, networkId: to.networkId })}</p>
        </div>
        <div className="row spaced">
          <button type="button" className="danger" onClick={onConfirm}>
            {t('yesChangePayee')}
          </button>
          <button type="button" className="primary" ref={keep} onClick={onKeep}>
            {t('noKeepPayee')}
          </button>
        </div>
      </div>
    </div>
  );
}
