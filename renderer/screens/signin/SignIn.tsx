/**
 * The sign-in pad: tap your name, type your PIN (on the pad or the keyboard), and the till is yours;
 * the same pad switches user. The main process checks the PIN, counts wrong ones and locks the account
 * after five (README, "Staff and roles"); its words are shown as they are.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { RosterEntry } from '../../../shared/posapi-staff.js';
import { PosCallError } from '../../api/pos-client.js';
import { usePosApi } from '../../app/api-context.js';
import { t } from '../../app/text.js';
import { useCart } from '../../state/cart.js';
import { useCashier } from '../../state/cashier.js';
import { SESSION_KEY } from './access.js';

const DIGITS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', 'Backspace', '0', 'Enter'] as const;

function PinPad({ onKey, canSubmit }: { onKey: (key: string) => void; canSubmit: boolean }) {
  return (
    <div className="keypad pin-pad" role="group" aria-label={t('keypad')}>
      {DIGITS.map((key) => (
        <button
          key={key}
          type="button"
          className={key === 'Enter' ? 'key primary' : 'key'}
          disabled={key === 'Enter' && !canSubmit}
          onClick={() => onKey(key)}
          aria-label={key === 'Backspace' ? t('backspace') : key === 'Enter' ? t('signInOk') : key}
        >
          {key === 'Backspace' ? '⌫' : key === 'Enter' ? t('signInOk') : key}
        </button>
      ))}
    </div>
  );
}

function Names({ roster, onPick }: { roster: RosterEntry[]; onPick: (entry: RosterEntry) => void }) {
  return (
    <ul className="sign-in-names" aria-label={t('signInWho')}>
      {roster.map((entry) => (
        <li key={entry.accountId}>
          <button
            type="button"
            className="key name"
            aria-label={`${entry.name}, ${t(`role_${entry.role}`)}`}
            onClick={() => onPick(entry)}
          >
            {entry.name}
            {/* A space between name and role, so the visible words are in the label (axe label-content). */}{' '}
            <small>{t(`role_${entry.role}`)}</small>
          </button>
        </li>
      ))}
    </ul>
  );
}

export function SignIn() {
  const api = usePosApi();
  const queryClient = useQueryClient();
  const newSale = useCashier((s) => s.newSale);
  const roster = useQuery({ queryKey: ['staff.roster'], queryFn: () => api.call('staff.roster', {}) });
  const [who, setWho] = useState<RosterEntry | null>(null);
  const [pin, setPin] = useState('');
  const signIn = useMutation({
    mutationFn: () => api.call('staff.signIn', { accountId: who!.accountId, pin }),
    onSuccess: (session) => {
      queryClient.setQueryData(SESSION_KEY, session);
      // Another person's cart is not theirs to sell (the owner's espresso in a cashier's cart).
      useCart.getState().holdFor(session.accountId);
      // A locked page heard no order news (README, "Staff and roles"): what it shows is read afresh.
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== SESSION_KEY[0] });
      newSale();
    },
    onError: () => setPin(''),
  });
  const canSubmit = /^\d{4,8}$/.test(pin) && !signIn.isPending;
  const press = (key: string) => {
    if (key === 'Enter') return canSubmit ? signIn.mutate() : undefined;
    if (key === 'Backspace') return setPin((p) => p.slice(0, -1));
    if (key === 'Escape') return (setWho(null), setPin(''), signIn.reset());
    if (/^\d$/.test(key)) setPin((p) => (p.length < 8 ? p + key : p));
  };
  useEffect(() => {
    if (!who) return;
    const onKey = (e: KeyboardEvent) => {
      if (/^\d$/.test(e.key) || ['Enter', 'Backspace', 'Escape'].includes(e.key)) {
        e.preventDefault();
        press(e.key);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });
  return (
    <section className="screen sign-in" aria-labelledby="sign-in-title">
      <h2 id="sign-in-title">{who ? t('signInPinFor', { name: who.name }) : t('signInWho')}</h2>
      {!who ? <Names roster={roster.data ?? []} onPick={setWho} /> : null}
      {who ? (
        <div className="pin-entry">
          <output className="pin-dots" aria-label={t('signInPinDots', { n: pin.length })} aria-live="polite">
            {'●'.repeat(pin.length).padEnd(4, '○')}
          </output>
          {signIn.isError ? (
            <p role="alert" className="error">
              {signIn.error instanceof PosCallError ? signIn.error.message : signIn.error.message}
            </p>
          ) : null}
          <PinPad onKey={press} canSubmit={canSubmit} />
          <button type="button" onClick={() => press('Escape')}>
            {t('signInBack')}
          </button>
          <p className="hint">{t('signInHint')}</p>
        </div>
      ) : null}
    </section>
  );
}
