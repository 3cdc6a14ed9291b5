/**
 * Keeping money to resolve (issue 18): the shop keeps what is left (a tip, a late payment it honours)
 * with a reason; nothing is paid out, and it leaves the money-to-resolve list. Managers and the owner.
 */
import { useState } from 'react';
import type { AssetAmount } from '../../../shared/wire-refunds.js';
import { formatAmount } from '../../app/format.js';
import { t } from '../../app/text.js';

export function KeepForm({
  left,
  locale,
  busy,
  onKeep,
}: {
  left: AssetAmount;
  locale: string;
  busy: boolean;
  onKeep: (keep: { amount: string; assetId: string; reason: string }) => void;
}) {
  const [reason, setReason] = useState('');
  return (
    <form
      className="row keep-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (reason.trim()) onKeep({ amount: left.amount, assetId: left.assetId, reason: reason.trim() });
      }}
    >
      <label className="inline">
        {t('keepReason')}
        <input value={reason} onChange={(e) => setReason(e.target.value)} maxLength={200} />
      </label>
      <button type="submit" disabled={busy || reason.trim() === ''}>
        {t('keepIt', { amount: formatAmount(left.amount, locale), symbol: left.symbol })}
      </button>
    </form>
  );
}
