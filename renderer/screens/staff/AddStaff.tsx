/** Adding a person: name, role, first PIN (they can change it themselves later). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { Role } from '../../../shared/posapi-staff.js';
import { PosCallError } from '../../api/pos-client.js';
import { usePosApi } from '../../app/api-context.js';
import { t } from '../../app/text.js';
import { PIN, PinInput, refusalText } from './pin-input.js';

export function AddStaff() {
  const api = usePosApi();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [role, setRole] = useState<Role>('cashier');
  const [pin, setPin] = useState('');
  const add = useMutation({
    mutationFn: () => api.call('staff.add', { name: name.trim(), role, pin }),
    onSuccess: () => {
      setName('');
      setPin('');
      void queryClient.invalidateQueries({ queryKey: ['staff.list'] });
    },
  });
  const field = add.error instanceof PosCallError ? add.error.shape.field : undefined;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate();
  };
  return (
    <form className="row add-staff" onSubmit={submit} aria-labelledby="add-staff-title">
      <h3 id="add-staff-title">{t('staffAddTitle')}</h3>
      <label className="inline">
        {t('staffName')}
        <input value={name} maxLength={40} onChange={(e) => setName(e.target.value)} aria-invalid={field === 'name'} />
      </label>
      <label className="inline">
        {t('staffRole')}
        <select value={role} onChange={(e) => setRole(e.target.value as Role)}>
          <option value="cashier">{t('role_cashier')}</option>
          <option value="manager">{t('role_manager')}</option>
          <option value="owner">{t('role_owner')}</option>
        </select>
      </label>
      <PinInput label={t('staffPin')} value={pin} onChange={setPin} invalid={field === 'pin'} />
      <button type="submit" className="primary" disabled={!name.trim() || !PIN.test(pin) || add.isPending}>
        {t('staffAdd')}
      </button>
      {add.isSuccess ? <p role="status">{t('staffAdded', { name: add.data.name })}</p> : null}
      {add.isError ? (
        <p role="alert" className="error">
          {refusalText(add.error)}
        </p>
      ) : null}
    </form>
  );
}
