/**
 * Cancel, asked twice: the first press opens a confirmation whose default (focused) answer keeps the
 * payment; Escape keeps it too and gives the focus back to Cancel. Once money was received the
 * confirmation says how much, and only the owner PIN cancels (the main process checks it).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { OrderView } from '../../../shared/posapi.js';
import { PosCallError } from '../../api/pos-client.js';
import { usePosApi } from '../../app/api-context.js';
import { formatAmount } from '../../app/format.js';
import { t } from '../../app/text.js';
import { moneySeen } from './money.js';

function PinField({ pin, onPin, error }: { pin: string; onPin: (pin: string) => void; error: string | undefined }) {
  return (
    <label>
      {t('cancelPin')}
      <input
        type="password"
        inputMode="numeric"
        autoComplete="off"
        autoFocus
        value={pin}
        onChange={(e) => onPin(e.target.value.replace(/\D/g, ''))}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'cancel-error' : undefined}
      />
    </label>
  );
}

/** A manager's cancel (with their PIN once money was seen), or a seller's abandon of an unpaid sale. */
function useCancel(order: OrderView, asSeller: boolean, pin: string | undefined) {
  const api = usePosApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      asSeller
        ? api.call('order.abandon', { orderId: order.orderId })
        : api.call('order.cancel', { orderId: order.orderId, ...(pin === undefined ? {} : { pin }) }),
    onSuccess: (updated) => queryClient.setQueryData(['order', updated.orderId], updated),
  });
}

/**
 * `asSeller`: a cashier's own sale that nothing was paid on is abandoned (order.abandon); a payment that
 * money reached is not theirs to end, so the button is not offered then (Payment.tsx).
 */
export function CancelPayment({
  order,
  locale,
  asSeller = false,
}: {
  order: OrderView;
  locale: string;
  asSeller?: boolean;
}) {
  const [confirming, setConfirming] = useState(false);
  const [pin, setPin] = useState('');
  const opener = useRef<HTMLButtonElement>(null);
  const keep = useRef<HTMLButtonElement>(null);
  const paid = moneySeen(order);
  const cancel = useCancel(order, asSeller, paid ? pin : undefined);
  const returnFocus = useRef(false);
  useEffect(() => {
    if (confirming && !paid) keep.current?.focus();
    if (!confirming && returnFocus.current) {
      returnFocus.current = false;
      opener.current?.focus();
    }
  }, [confirming, paid]);
  const close = () => {
    returnFocus.current = true;
    setConfirming(false);
    setPin('');
    cancel.reset();
  };
  if (!confirming)
    return (
      <button type="button" className="danger" ref={opener} onClick={() => setConfirming(true)}>
        {t('cancelOrder')}
      </button>
    );
  const amount = {
    amount: formatAmount(order.progress?.paidAmount ?? '0', locale),
    symbol: order.instruction?.paymentSymbol ?? '',
  };
  const error = cancel.error instanceof PosCallError ? cancel.error.message : cancel.error?.message;
  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-labelledby="cancel-q"
      className="confirm"
      onKeyDown={(e) => {
        if (e.key === 'Escape') close();
      }}
    >
      <p id="cancel-q">{paid ? t('confirmCancelPaid', amount) : t('confirmCancel')}</p>
      {paid ? <PinField pin={pin} onPin={setPin} error={error} /> : null}
      {error ? (
        <p id="cancel-error" role="alert" className="error">
          {error}
        </p>
      ) : null}
      <div className="row spaced">
        <button
          type="button"
          className="danger"
          onClick={() => cancel.mutate()}
          disabled={cancel.isPending || (paid && !/^\d{4,8}$/.test(pin))}
        >
          {t('yesCancel')}
        </button>
        <button type="button" ref={keep} onClick={close}>
          {t('noKeep')}
        </button>
      </div>
    </div>
  );
}
