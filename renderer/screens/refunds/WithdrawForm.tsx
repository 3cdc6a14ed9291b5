/**
 * Withdrawing a refund (a refund to send asked by mistake, or a flagged one whose payout did not
 * happen as asked): it counts against what is left to refund until then, so the same money is never
 * offered twice. Needs a reason, and a second press: the owner has looked at the wallet first.
 */
import { useState } from 'react';
import { t } from '../../app/text.js';

export function WithdrawForm({ busy, onWithdraw }: { busy: boolean; onWithdraw: (reason: string) => void }) {
  const [reason, setReason] = useState('');
  const [sure, setSure] = useState(false);
  const ready = reason.trim() !== '';
  return (
    <form
      className="row withdraw-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (!ready) return;
        if (!sure) return setSure(true);
        onWithdraw(reason.trim());
      }}
    >
      <label className="inline">
        {t('refundWithdrawReason')}
        <input
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            setSure(false);
          }}
          maxLength={200}
        />
      </label>
      <button type="submit" disabled={busy || !ready} className={sure ? 'danger' : undefined}>
        {sure ? t('refundWithdrawSure') : t('refundWithdraw')}
      </button>
      {sure ? <p role="alert">{t('refundWithdrawWarning')}</p> : null}
    </form>
  );
}
