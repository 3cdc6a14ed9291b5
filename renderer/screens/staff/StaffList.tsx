/** The accounts: role, retire or restore, and a new PIN set by the owner (the person's sessions end). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Role, StaffAccountView } from '../../../shared/posapi-staff.js';
import { usePosApi } from '../../app/api-context.js';
import { t } from '../../app/text.js';
import { PIN, PinInput, refusalText } from './pin-input.js';

const ROLES: Role[] = ['cashier', 'manager', 'owner'];

function ResetPin({ account }: { account: StaffAccountView }) {
  const api = usePosApi();
  const [pin, setPin] = useState('');
  const reset = useMutation({
    mutationFn: () => api.call('staff.resetPin', { accountId: account.accountId, newPin: pin }),
    onSuccess: () => setPin(''),
  });
  return (
    <div className="row">
      <PinInput label={t('staffNewPinFor', { name: account.name })} value={pin} onChange={setPin} />
      <button type="button" disabled={!PIN.test(pin) || reset.isPending} onClick={() => reset.mutate()}>
        {t('staffResetPin')}
      </button>
      {reset.isSuccess ? <span role="status">{t('staffPinSet', { name: account.name })}</span> : null}
      {reset.isError ? <span role="alert">{refusalText(reset.error)}</span> : null}
    </div>
  );
}

function AccountRow({ account }: { account: StaffAccountView }) {
  const api = usePosApi();
  const queryClient = useQueryClient();
  const update = useMutation({
    mutationFn: (change: { role?: Role; active?: boolean }) =>
      api.call('staff.update', { accountId: account.accountId, ...change }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['staff.list'] }),
  });
  return (
    <tr className={account.active ? undefined : 'retired'}>
      <th scope="row">
        {account.name} {account.active ? '' : `(${t('staffRetired')})`}
      </th>
      <td>
        <select
          aria-label={`${t('staffRole')}: ${account.name}`}
          value={account.role}
          onChange={(e) => update.mutate({ role: e.target.value as Role })}
        >
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {t(`role_${role}`)}
            </option>
          ))}
        </select>
      </td>
      <td>{account.active ? <ResetPin account={account} /> : null}</td>
      <td>
        <button type="button" onClick={() => update.mutate({ active: !account.active })}>
          {account.active ? t('staffRetire') : t('staffRestore')}
        </button>
        {update.isError ? <span role="alert">{refusalText(update.error)}</span> : null}
      </td>
    </tr>
  );
}

export function StaffList() {
  const api = usePosApi();
  const list = useQuery({ queryKey: ['staff.list'], queryFn: () => api.call('staff.list', {}) });
  return (
    <table className="staff-list">
      <thead>
        <tr>
          <th scope="col">{t('staffName')}</th>
          <th scope="col">{t('staffRole')}</th>
          <th scope="col">{t('staffResetPin')}</th>
          <th scope="col">{t('staffActive')}</th>
        </tr>
      </thead>
      <tbody>
        {(list.data ?? []).map((account) => (
          <AccountRow key={account.accountId} account={account} />
        ))}
      </tbody>
    </table>
  );
}
