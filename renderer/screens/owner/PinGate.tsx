/**
 * The door to the owner's area: the PIN opens an owner session whose token every owner command carries.
 * The main process checks the PIN and locks out repeated wrong PINs (README, "The owner's day review").
 */
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { PosCallError } from '../../api/pos-client.js';
import { usePosApi } from '../../app/api-context.js';
import { t } from '../../app/text.js';

export function PinGate({ onOpen }: { onOpen: (token: string) => void }) {
  const api = usePosApi();
  const [pin, setPin] = useState('');
  const unlock = useMutation({
    mutationFn: () => api.call('owner.unlock', { pin }),
    onSuccess: (s) => onOpen(s.token),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    unlock.mutate();
  };
  return (
    <section className="screen owner-gate" aria-labelledby="owner-gate-title">
      <h2 id="owner-gate-title">{t('ownerTitle')}</h2>
      <form onSubmit={submit} className="row">
        <label>
          {t('ownerPin')}
          <input
            type="password"
            inputMode="numeric"
            autoComplete="off"
            value={pin}
            onChange={(e) => setPin(e.target.value.trim())}
            aria-invalid={unlock.isError}
            autoFocus
          />
        </label>
        <button type="submit" className="primary" disabled={!/^\d{4,8}$/.test(pin) || unlock.isPending}>
          {t('unlock')}
        </button>
      </form>
      {unlock.isError ? (
        <p role="alert" className="error">
          {unlock.error instanceof PosCallError ? unlock.error.shape.message : unlock.error.message}
        </p>
      ) : null}
    </section>
  );
}
