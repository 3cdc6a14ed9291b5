/** One's own PIN: the current one first (wrong ones count toward the lockout in the main process). */
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { PosCallError } from '../../api/pos-client.js';
import { usePosApi } from '../../app/api-context.js';
import { t } from '../../app/text.js';
import { PIN, PinInput, refusalText } from './pin-input.js';

export function MyPin() {
  const api = usePosApi();
  const [currentPin, setCurrent] = useState('');
  const [newPin, setNew] = useState('');
  const change = useMutation({
    mutationFn: () => api.call('staff.changePin', { currentPin, newPin }),
    onSuccess: () => (setCurrent(''), setNew('')),
  });
  const field = change.error instanceof PosCallError ? change.error.shape.field : undefined;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    change.mutate();
  };
  return (
    <form className="row my-pin" onSubmit={submit} aria-labelledby="my-pin-title">
      <h3 id="my-pin-title">{t('myPinTitle')}</h3>
      <PinInput label={t('myPinCurrent')} value={currentPin} onChange={setCurrent} invalid={field === 'currentPin'} />
      <PinInput label={t('myPinNew')} value={newPin} onChange={setNew} invalid={field === 'newPin'} />
      <button type="submit" disabled={!PIN.test(currentPin) || !PIN.test(newPin) || change.isPending}>
        {t('save')}
      </button>
      {change.isSuccess ? <p role="status">{t('myPinChanged')}</p> : null}
      {change.isError ? (
        <p role="alert" className="error">
          {refusalText(change.error)}
        </p>
      ) : null}
    </form>
  );
}
