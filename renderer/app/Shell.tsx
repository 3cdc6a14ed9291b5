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
import { NavItems, type NavEntry } from './NavItems.js';
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
      {!connection.online ? <OfflineLine queued={connection.queued} lastContactAt={connection.lastContactAt} /> : null}
      <BackupWarning />
      <span className="version">v{info.data.version}</span>
      <ThemeChoice />
    </header>
  );
}

/** Offline, in one line of the status bar: its whole text is its title (the line may be cut at 1024 px). */
function OfflineLine({ queued, lastContactAt }: { queued: number; lastContactAt: number }) {
  const since = lastContactAt ? ` · ${t('lastContact', { time: new Date(lastContactAt).toLocaleTimeString() })}` : '';
  const text = `${t('offline', { queued })}${since}`;
  return (
    <span role="alert" className="offline" title={text}>
      {text}
    </span>
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
  const may = (permission: Parameters<Access['may']>[0]) => !access || access.may(permission);
  const entries: NavEntry[] = [];
  const add = (when: boolean, target: Screen, label: string, badge = 0) => {
    if (when) entries.push({ target, label, badge });
  };
  add(may('sell'), 'cart', t('navCart'));
  add(may('sell'), 'charge', t('navCharge'));
  add(may('sell'), 'orders', t('navOrders'), open);
  add(may('sell'), 'shift', t('navShift'));
  add(may('setup'), 'setup', t('navSetup'));
  add(may('review'), 'owner', !access || access.open ? t('navOwner') : t('navReview'));
  add(!!access?.session, 'staff', access?.may('staff') ? t('navStaff') : t('navMyPin'));
  add(!!access?.session && !!access?.may('audit'), 'audit', t('navAudit'));
  return (
    <nav aria-label={t('mainNav')} className="no-print">
      <NavItems
        entries={entries}
        current={current}
        configured={configured}
        onPick={(target) => leave(target, target === 'charge')}
      />
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
