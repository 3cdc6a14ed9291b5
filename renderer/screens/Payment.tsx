/** Payment: the QR, amount and countdown, the live status, then full-screen success or failure. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useRef, useState } from 'react';
import type { OrderView, TillSettings } from '../../shared/posapi.js';
import { useAppInfo, useOrder } from '../api/hooks.js';
import { usePosApi } from '../app/api-context.js';
import { formatAmount } from '../app/format.js';
import { hasText, t } from '../app/text.js';
import { useCashier } from '../state/cashier.js';
import { SandboxPanel } from './SandboxPanel.js';

function useSecondsLeft(expire: number | undefined): number | undefined {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  return expire === undefined ? undefined : Math.max(0, Math.ceil(expire - now / 1000));
}

/** A short chime on success, made on the spot (no audio file to ship). */
function chime(): void {
  try {
    const Ctx = window.AudioContext;
    if (!Ctx) return;
    const ctx = new Ctx();
    const tone = (frequency: number, start: number) => {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.frequency.value = frequency;
      gain.gain.setValueAtTime(0.15, ctx.currentTime + start);
      gain.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + start + 0.25);
      osc.connect(gain).connect(ctx.destination);
      osc.start(ctx.currentTime + start);
      osc.stop(ctx.currentTime + start + 0.25);
    };
    tone(880, 0);
    tone(1320, 0.12);
  } catch {
    // No audio device: the screen says it all.
  }
}

export function failureText(order: OrderView): string {
  const code = order.progress?.failureCode ?? '';
  const key = `failure_${code}`;
  return hasText(key) ? t(key) : order.progress?.failureReason || code;
}

function StatusLine({ order, locale }: { order: OrderView; locale: string }) {
  const p = order.progress;
  const symbol = order.instruction?.paymentSymbol ?? '';
  switch (order.status) {
    case 'confirming':
      return <>{t('status_confirming', { n: Math.max(p?.confirmations ?? 0, 0), m: p?.requiredConfirmations ?? 0 })}</>;
    case 'paid_less':
      return (
        <>
          {t('status_paid_less', {
            paid: formatAmount(p?.paidAmount ?? '0', locale),
            payable: formatAmount(p?.payableAmount ?? '0', locale),
            symbol,
            remaining: formatAmount(p?.remainingAmount ?? '0', locale),
          })}
        </>
      );
    case 'failed':
      return <>{`${t('status_failed')}: ${failureText(order)}`}</>;
    default:
      return <>{t(`status_${order.status}`)}</>;
  }
}

function CopyButton({ value, label }: { value: string; label: string }) {
  const [done, setDone] = useState(false);
  return (
    <button
      type="button"
      aria-label={`${t('copy')} ${label}`}
      onClick={() => {
        void navigator.clipboard?.writeText(value).then(() => setDone(true));
      }}
    >
      {done ? t('copied') : t('copy')}
    </button>
  );
}

export function Payment({ settings }: { settings: TillSettings }) {
  const api = usePosApi();
  const queryClient = useQueryClient();
  const { orderId, newSale, go } = useCashier();
  const order = useOrder(orderId);
  const info = useAppInfo();
  const [confirming, setConfirming] = useState(false);
  const view = order.data;
  const instruction = view?.instruction ?? null;
  const secondsLeft = useSecondsLeft(instruction?.expire);
  const celebrated = useRef(false);
  const askedTopUp = useRef<string>('');

  const cancel = useMutation({
    mutationFn: () => api.call('order.cancel', { orderId: orderId! }),
    onSuccess: (updated) => queryClient.setQueryData(['order', updated.orderId], updated),
  });
  const refresh = useMutation({
    mutationFn: () => api.call('order.refresh', { orderId: orderId! }),
    onSuccess: (updated) => queryClient.setQueryData(['order', updated.orderId], updated),
  });

  useEffect(() => {
    if (instruction && window.__paydeskTimings && window.__paydeskTimings.qrShownAt === undefined)
      window.__paydeskTimings.qrShownAt = performance.now();
  }, [instruction]);
  useEffect(() => {
    if (view?.status === 'success' && !celebrated.current) {
      celebrated.current = true;
      window.__paydeskTimings = { ...window.__paydeskTimings, successShownAt: Date.now() };
      chime();
    }
  }, [view?.status]);
  useEffect(() => {
    // A short payment: ask for a top-up instruction for what is still due.
    if (
      view?.status === 'paid_less' &&
      instruction &&
      view.progress &&
      instruction.paymentAmount !== view.progress.remainingAmount &&
      askedTopUp.current !== instruction.clientId
    ) {
      askedTopUp.current = instruction.clientId;
      refresh.mutate();
    }
  }, [view?.status, view?.progress, instruction, refresh]);

  if (!orderId) return null;
  if (order.isPending) return <p role="status">{t('loading')}</p>;
  if (!view) return <p role="alert">{t('error', { message: order.error?.message ?? '' })}</p>;

  if (view.status === 'success' || view.status === 'failed') {
    const ok = view.status === 'success';
    return (
      <section
        className={`screen outcome ${ok ? 'success' : 'failed'}`}
        role="alertdialog"
        aria-labelledby="outcome-title"
        aria-describedby="outcome-detail"
      >
        <div className="outcome-mark" aria-hidden="true">
          {ok ? '✓' : '✕'}
        </div>
        <h2 id="outcome-title">{ok ? t('status_success') : t('status_failed')}</h2>
        <p id="outcome-detail" className="outcome-amount">
          {ok ? `${formatAmount(view.quoteAmount, settings.locale)} ${view.quoteSymbol}` : failureText(view)}
        </p>
        <div className="row">
          <button type="button" onClick={() => go('receipt')}>
            {t('receipt')}
          </button>
          <button type="button" className="primary" autoFocus onClick={newSale}>
            {t('newSale')}
          </button>
        </div>
      </section>
    );
  }

  const amountText = instruction
    ? `${formatAmount(instruction.paymentAmount, settings.locale)} ${instruction.paymentSymbol}`
    : '';
  return (
    <section className="screen payment" aria-labelledby="payment-title">
      <h2 id="payment-title" className="visually-hidden">
        {t('paymentTitle')}
      </h2>
      <div className="payment-grid">
        <div className="qr-box">
          {instruction ? (
            <figure>
              <QRCodeSVG
                value={instruction.paymentUri}
                size={320}
                level="M"
                marginSize={4}
                role="img"
                aria-label={t('qrLabel', { amount: instruction.paymentAmount, symbol: instruction.paymentSymbol })}
              />
              <figcaption className="pay-amount">
                {view.status === 'paid_less'
                  ? t('topUp', {
                      amount: formatAmount(instruction.paymentAmount, settings.locale),
                      symbol: instruction.paymentSymbol,
                    })
                  : t('scanToPay', {
                      amount: formatAmount(instruction.paymentAmount, settings.locale),
                      symbol: instruction.paymentSymbol,
                    })}
              </figcaption>
            </figure>
          ) : (
            <p role="status">{t('status_queued')}</p>
          )}
        </div>
        <div>
          <p className="quote-line">
            {formatAmount(view.quoteAmount, settings.locale)} {view.quoteSymbol}
          </p>
          <p className="big-amount">{amountText}</p>
          <p className={`status status-${view.status}`} role="status" aria-live="polite">
            <StatusLine order={view} locale={settings.locale} />
          </p>
          {instruction && (view.status === 'unpaid' || view.status === 'paid_less') ? (
            <p className="countdown">
              {secondsLeft && secondsLeft > 0 ? t('expiresIn', { seconds: secondsLeft }) : t('renewing')}
            </p>
          ) : null}
          {instruction?.isChain ? (
            <dl className="chain-details">
              <dt>{t('address')}</dt>
              <dd>
                <code>{instruction.destination}</code>{' '}
                <CopyButton value={instruction.destination} label={t('address')} />
              </dd>
              {instruction.tag ? (
                <>
                  <dt>{t('tag')}</dt>
                  <dd>
                    <code>{instruction.tag}</code> <CopyButton value={instruction.tag} label={t('tag')} />
                  </dd>
                </>
              ) : null}
              <dt>{t('amount')}</dt>
              <dd>
                <code>{instruction.paymentAmount}</code>{' '}
                <CopyButton value={instruction.paymentAmount} label={t('amount')} />
              </dd>
            </dl>
          ) : null}
          {confirming ? (
            <div role="dialog" aria-modal="true" aria-labelledby="cancel-q" className="confirm">
              <p id="cancel-q">{t('confirmCancel')}</p>
              <button type="button" className="danger" onClick={() => cancel.mutate()} disabled={cancel.isPending}>
                {t('yesCancel')}
              </button>
              <button type="button" autoFocus onClick={() => setConfirming(false)}>
                {t('noKeep')}
              </button>
            </div>
          ) : (
            <button type="button" className="danger" onClick={() => setConfirming(true)}>
              {t('cancelOrder')}
            </button>
          )}
          {info.data?.mode === 'sandbox' && settings.gateway.kind === 'embedded' ? <SandboxPanel order={view} /> : null}
        </div>
      </div>
    </section>
  );
}
