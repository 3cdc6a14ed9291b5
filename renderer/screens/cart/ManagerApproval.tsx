/**
 * A discount above the shop's limit (Sell, sales settings): a manager or the owner approves it at this
 * till with their own PIN (as a cancel after money was seen is confirmed). The sale is sent again with
 * the approval; a wrong PIN is said and counts toward that account's lockout.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { usePosApi } from '../../app/api-context.js';
import { t } from '../../app/text.js';

export function ManagerApproval(props: {
  reason: string;
  busy: boolean;
  onApprove: (approval: { accountId: string; pin: string }) => void;
  onCancel: () => void;
}) {
  const api = usePosApi();
  const roster = useQuery({ queryKey: ['staff.roster'], queryFn: () => api.call('staff.roster', {}) });
  const approvers = (roster.data ?? []).filter((entry) => entry.role === 'manager' || entry.role === 'owner');
  const [accountId, setAccountId] = useState('');
  const [pin, setPin] = useState('');
  const chosen = accountId || approvers[0]?.accountId || '';
  return (
    <form
      className="manager-approval"
      role="dialog"
      aria-labelledby="approval-title"
      aria-describedby="approval-reason"
      onSubmit={(e) => {
        e.preventDefault();
        if (chosen && /^\d{4,8}$/.test(pin)) props.onApprove({ accountId: chosen, pin });
      }}
    >
      <h3 id="approval-title">{t('approvalTitle')}</h3>
      <p id="approval-reason" role="alert">
        {props.reason}
      </p>
      <label>
        {t('approvalWho')}
        <select value={chosen} onChange={(e) => setAccountId(e.target.value)}>
          {approvers.map((entry) => (
            <option key={entry.accountId} value={entry.accountId}>
              {entry.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('approvalPin')}
        <input
          type="password"
          inputMode="numeric"
          autoComplete="off"
          autoFocus
          maxLength={8}
          value={pin}
          onChange={(e) => setPin(e.target.value.replace(/\D/g, ''))}
        />
      </label>
      <div className="row spaced">
        <button type="button" onClick={props.onCancel}>
          {t('approvalCancel')}
        </button>
        <button type="submit" className="primary" disabled={props.busy || !chosen || pin.length < 4}>
          {t('approvalApprove')}
        </button>
      </div>
    </form>
  );
}
