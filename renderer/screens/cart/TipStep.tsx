/**
 * The tip asked on the customer display (README, "Tips"): pressing Pay opens the question there; the
 * cashier's screen waits for the payer's answer, and may choose for them or skip. Without a display
 * watching, the cashier asks and taps the choice here (as before). The answer goes into the cart.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { CartInput } from '../../../shared/cart/types.js';
import { usePosApi } from '../../app/api-context.js';
import { t } from '../../app/text.js';
import { useCart } from '../../state/cart.js';

export type TipMode = 'asking' | 'waiting' | 'cashier' | 'chosen';

/** Opens the question once per Pay step; ends it when the step is left unanswered. */
export function useTipStep(enabled: boolean, cart: CartInput) {
  const api = usePosApi();
  const setTip = useCart((s) => s.setTip);
  const [mode, setMode] = useState<TipMode>(enabled ? 'asking' : 'chosen');
  const [questionId, setQuestionId] = useState('');
  const asked = useRef(false);
  const open = useRef('');
  useEffect(() => {
    if (!enabled || asked.current) return;
    asked.current = true;
    api
      .call('display.askTip', { cart: { ...cart, tip: { kind: 'none' } } })
      .then((answer) => {
        setQuestionId(answer.questionId);
        if (answer.displays > 0) {
          open.current = answer.questionId;
          setMode('waiting');
        } else {
          void api.call('display.endTip', { questionId: answer.questionId }).catch(() => undefined);
          setMode('cashier');
        }
      })
      .catch(() => setMode('cashier'));
    // Asked once when the Pay step opens: the cart does not change on this step.
  }, [enabled]);
  useEffect(
    () => () => {
      if (open.current) void api.call('display.endTip', { questionId: open.current }).catch(() => undefined);
    },
    [api],
  );
  const state = useQuery({
    queryKey: ['tip-question', questionId],
    queryFn: () => api.call('display.tip', { questionId }),
    enabled: mode === 'waiting' && questionId !== '',
    refetchInterval: 700,
  });
  useEffect(() => {
    const answer = state.data;
    if (mode !== 'waiting' || !answer || answer.status === 'open') return;
    open.current = '';
    if (answer.status === 'answered' && answer.tip) {
      setTip(answer.tip);
      setMode('chosen');
    } else setMode('cashier');
  }, [state.data, mode, setTip]);
  const end = (next: TipMode) => {
    if (open.current) void api.call('display.endTip', { questionId: open.current }).catch(() => undefined);
    open.current = '';
    setMode(next);
  };
  return {
    mode,
    chooseForThem: () => end('cashier'),
    skip: () => {
      setTip({ kind: 'none' });
      end('chosen');
    },
    change: () => setMode('cashier'),
  };
}

export function TipWaiting({ onChoose, onSkip }: { onChoose: () => void; onSkip: () => void }) {
  return (
    <div className="tip-waiting" role="status" aria-live="polite">
      <p className="tip-waiting-title">{t('tipWaiting')}</p>
      <p>{t('tipWaitingNote')}</p>
      <div className="row">
        <button type="button" onClick={onChoose}>
          {t('tipChooseForThem')}
        </button>
        <button type="button" onClick={onSkip}>
          {t('tipSkip')}
        </button>
      </div>
    </div>
  );
}

export function TipChosen({
  tip,
  money,
  onChange,
}: {
  tip: string;
  money: (a: string) => string;
  onChange: () => void;
}) {
  return (
    <p className="tip-chosen">
      {tip === '0' ? t('tipChosenNone') : t('tipChosen', { amount: money(tip) })}{' '}
      <button type="button" className="link" onClick={onChange}>
        {t('tipChange')}
      </button>
    </p>
  );
}

/** The cart as rung up, shown live on the customer display (a short pause gathers quick taps). */
export function useCartOnDisplay(cart: CartInput): void {
  const api = usePosApi();
  const key = JSON.stringify({ lines: cart.lines, orderDiscount: cart.orderDiscount });
  useEffect(() => {
    const timer = setTimeout(() => {
      const shown = cart.lines.length > 0 ? { ...cart, tip: { kind: 'none' as const } } : null;
      void api.call('display.cart', { cart: shown }).catch(() => undefined);
    }, 150);
    return () => clearTimeout(timer);
    // `key` holds what the display shows of the cart.
  }, [key, api]);
}
