/** The app shell: providers, the status bar and navigation, and the screen for the current state. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import type { PosApi } from '../../shared/posapi.js';
import { useLiveEvents, useSettings } from '../api/hooks.js';
import { Charge } from '../screens/Charge.js';
import { Orders } from '../screens/Orders.js';
import { Owner } from '../screens/Owner.js';
import { Payment } from '../screens/Payment.js';
import { Receipt } from '../screens/Receipt.js';
import { Setup } from '../screens/Setup.js';
import { useCashier } from '../state/cashier.js';
import { PosApiContext } from './api-context.js';
import { LeaveDialog, Nav, Notices, StatusBar, useWarnOnUnload } from './Shell.js';
import { t } from './text.js';

export { usePosApi } from './api-context.js';

function Screens() {
  useLiveEvents();
  useWarnOnUnload();
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
        <Notices />
        <main>
          <Screens />
        </main>
        <LeaveDialog />
      </QueryClientProvider>
    </PosApiContext.Provider>
  );
}
