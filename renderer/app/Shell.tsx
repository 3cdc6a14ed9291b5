/**
 * The shell around every screen: the status bar (TEST MODE only for the sandbox gateway in use, the
 * offline banner), the navigation (off until Setup is done; a leave while a payment is open is asked
 * first; the open orders' badge), and notices of orders paid in the background.
 */
import { useEffect, useRef } from 'react';
import { useAppInfo, useOrders, useSettings } from '../api/hooks.js';
import { BackupWarning } from '../components/BackupWarning.js';
import type { Access } from '../screens/signin/access.js';
import { useCashier, type Screen } from '../state/cashier.js';
import { t } from './text.js';
import { ThemeChoice } from './ThemeChoice.js';

export function StatusBar() {
  const info = useAppInfo();
  const settings = useSettings();
  const connection = useCashier((s) => s.connection);
  if (info.isPending) return <p role="status">{t('loading')}</p>;
  if (info.isError) return <p role="alert">{t('mainUnreachable')}</p>;
  // The badge follows the gateway in use: the built-in one's mode; a hosted one's mode is not known here.
  const sandbox = info.data.mode === 'sandbox' && settings.data?.gateway.kind !== 'hosted';
  return (
    <header className="status-bar">
      <h1>Paydesk</h1>
      {sandbox ? (
        <strong className="test-mode" aria-label={t('testModeLong')}>
          {t('testMode')}
        </strong>
      ) : null}
      {!connection.online ? (
        <span role="alert" className="offline">
          {t('offline', { queued: connection.queued })}
          {connection.lastContactAt
            ? ` · ${t('lastContact', { time: new Date(connection.lastContactAt).toLocaleTimeString() })}`
            : ''}
        </span>
      ) : null}
      <BackupWarning />
      <span className="version">v{info.data.version}</span>
      <ThemeChoice />
    </header>
  );
}

/**
 * The navigation: off until Setup is done; then the items the signed-in role may use (the main process
 * refuses the rest anyway); a leave while a payment is open is asked first; the open orders' badge.
 */
export function Nav({ access }: { access?: Access }) {
  const { screen, leave } = useCashier();
  const settings = useSettings();
  const configured = settings.data?.configured === true;
  const orders = useOrders(configured && access?.may('sell') === true);
  const open = (orders.data ?? []).filter((o) => o.status !== 'success' && o.status !== 'failed').length;
  const current = configured ? screen : 'setup';
  const item = (target: Screen, label: string, badge = 0) => (
    <li>
      <button
        type="button"
        aria-current={current === target ? 'page' : undefined}
        disabled={!configured && target !== 'setup'}
        title={!configured && target !== 'setup' ? t('chargeMenuDisabled') : undefined}
        onClick={() => leave(target, target === 'charge')}
      >
        {label}
        {badge > 0 ? (
          <>
            {/* A number in a pill keeps the row on one line; the words are there for screen readers. */}
            <span className="nav-badge" aria-hidden="true">
              {badge}
            </span>
            <span className="visually-hidden"> {t('openOrders', { n: badge })}</span>
          </>
        ) : null}
      </button>
    </li>
  );
  const may = (permission: Parameters<Access['may']>[0]) => !access || access.may(permission);
  return (
    <nav aria-label={t('mainNav')} className="no-print">
      <ul>
        {may('sell') ? item('cart', t('navCart')) : null}
        {may('sell') ? item('charge', t('navCharge')) : null}
        {may('sell') ? item('orders', t('navOrders'), open) : null}
        {may('sell') ? item('shift', t('navShift')) : null}
        {may('setup') ? item('setup', t('navSetup')) : null}
        {may('review') ? item('owner', !access || access.open ? t('navOwner') : t('navReview')) : null}
        {access?.session ? item('staff', access.may('staff') ? t('navStaff') : t('navMyPin')) : null}
        {access?.session && access.may('audit') ? item('audit', t('navAudit')) : null}
      </ul>
    </nav>
  );
}

/** Asked when the cashier leaves an open payment; the safe answer (stay) has the focus; Escape stays. */
export function LeaveDialog() {
  const { pendingLeave, confirmLeave, cancelLeave } = useCashier();
  const stay = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (pendingLeave) stay.current?.focus();
  }, [pendingLeave]);
  if (!pendingLeave) return null;
  return (
    <div className="modal-backdrop">
      <div
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="leave-title"
        aria-describedby="leave-text"
        className="confirm modal"
        onKeyDown={(e) => {
          if (e.key === 'Escape') cancelLeave();
        }}
      >
        <h2 id="leave-title">{t('leaveTitle')}</h2>
        <p id="leave-text">{t('leaveText')}</p>
        <div className="row spaced">
          <button type="button" className="danger" onClick={confirmLeave}>
            {t('leaveYes')}
          </button>
          <button type="button" className="primary" ref={stay} onClick={cancelLeave}>
            {t('leaveNo')}
          </button>
        </div>
      </div>
    </div>
  );
}

/** Orders paid while the cashier was elsewhere. */
export function Notices() {
  const { notices, dismiss, openOrder } = useCashier();
  if (notices.length === 0) return null;
  return (
    <div className="notices" role="status" aria-live="polite">
      {notices.map((n) => (
        <p key={n.orderId} className="notice">
          <button type="button" className="link" onClick={() => (dismiss(n.orderId), openOrder(n.orderId))}>
            {n.text}
          </button>
          <button type="button" onClick={() => dismiss(n.orderId)}>
            {t('dismiss')}
          </button>
        </p>
      ))}
    </div>
  );
}

/** The browser's own warning on reload or close while a payment is open. */
export function useWarnOnUnload(): void {
  const paymentOpen = useCashier((s) => s.paymentOpen);
  useEffect(() => {
    if (!paymentOpen) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [paymentOpen]);
}
