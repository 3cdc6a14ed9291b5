/** The app shell: providers, the status bar and navigation, and the screen for the current state. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import type { PosApi } from '../../shared/posapi.js';
import { useAppInfo, useLiveEvents, useSettings } from '../api/hooks.js';
import { BackupWarning } from '../components/BackupWarning.js';
import { Charge } from '../screens/Charge.js';
import { Orders } from '../screens/Orders.js';
import { Owner } from '../screens/Owner.js';
import { Payment } from '../screens/Payment.js';
import { Receipt } from '../screens/Receipt.js';
import { Setup } from '../screens/Setup.js';
import { useCashier, type Screen } from '../state/cashier.js';
import { PosApiContext } from './api-context.js';
import { t } from './text.js';

export { usePosApi } from './api-context.js';

function StatusBar() {
  const info = useAppInfo();
  const connection = useCashier((s) => s.connection);
  if (info.isPending) return <p role="status">{t('loading')}</p>;
  if (info.isError) return <p role="alert">{t('mainUnreachable')}</p>;
  return (
    <header className="status-bar">
      <h1>Paydesk</h1>
      {info.data.mode === 'sandbox' ? (
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
    </header>
  );
}

function Nav() {
  const { screen, go, newSale } = useCashier();
  const item = (target: Screen, label: string, action?: () => void) => (
    <li>
      <button
        type="button"
        aria-current={screen === target ? 'page' : undefined}
        onClick={action ?? (() => go(target))}
      >
        {label}
      </button>
    </li>
  );
  return (
    <nav aria-label={t('mainNav')} className="no-print">
      <ul>
        {item('charge', t('navCharge'), newSale)}
        {item('orders', t('navOrders'))}
        {item('setup', t('navSetup'))}
        {item('owner', t('navOwner'))}
      </ul>
    </nav>
  );
}

function Screens() {
  useLiveEvents();
  const settings = useSettings();
  const screen = useCashier((s) => s.screen);
  if (settings.isPending) return <p role="status">{t('loading')}</p>;
  if (settings.isError) return <p role="alert">{t('mainUnreachable')}</p>;
  // First run leads to Setup until a payee is chosen.
  if (!settings.data.configured || screen === 'setup') return <Setup settings={settings.data} />;
  switch (screen) {
    case 'payment':
      return <Payment settings={settings.data} />;
    case 'receipt':
      return <Receipt settings={settings.data} />;
    case 'orders':
      return <Orders settings={settings.data} />;
    case 'owner':
      return <Owner settings={settings.data} />;
    default:
      return <Charge settings={settings.data} />;
  }
}

export function App({ api, queryClient }: { api: PosApi; queryClient?: QueryClient }) {
  const [client] = useState(
    () => queryClient ?? new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } }),
  );
  return (
    <PosApiContext.Provider value={api}>
      <QueryClientProvider client={client}>
        <StatusBar />
        <Nav />
        <main>
          <Screens />
        </main>
      </QueryClientProvider>
    </PosApiContext.Provider>
  );
}
