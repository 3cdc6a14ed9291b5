/** The app shell: providers, the status bar, sign-in, navigation, and the screen for the current state. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import type { PosApi, TillSettings } from '../../shared/posapi.js';
import { useLiveEvents, useSettings } from '../api/hooks.js';
import { useLanguage } from '../i18n/i18n.js';
import { TillLanguage } from '../i18n/TillLanguage.js';
import { Charge } from '../screens/Charge.js';
import { Orders } from '../screens/Orders.js';
import { Owner } from '../screens/Owner.js';
import { Payment } from '../screens/Payment.js';
import { Receipt } from '../screens/Receipt.js';
import { Setup } from '../screens/Setup.js';
import { CartScreen } from '../screens/cart/CartScreen.js';
import { SaleReceipt } from '../screens/cart/SaleReceipt.js';
import { ShiftScreen } from '../screens/cart/ShiftScreen.js';
import { CatalogueScreen } from '../screens/cart/CatalogueScreen.js';
import { AuditScreen } from '../screens/audit/AuditScreen.js';
import { useAccess, useIdleLock, useLock, useSignedOutWatch, type Access } from '../screens/signin/access.js';
import { SessionBar } from '../screens/signin/SessionBar.js';
import { SignIn } from '../screens/signin/SignIn.js';
import { StaffScreen } from '../screens/staff/StaffScreen.js';
import { useCashier } from '../state/cashier.js';
import { PosApiContext } from './api-context.js';
import { LeaveDialog, Nav, Notices, StatusBar, useWarnOnUnload } from './Shell.js';
import { t } from './text.js';

export { usePosApi } from './api-context.js';

/** Which screen a role may open (the main process refuses the rest anyway). */
const SCREEN_NEEDS = { setup: 'setup', owner: 'review', audit: 'audit', catalogue: 'catalogue' } as const;

function Screen({ settings, access }: { settings: TillSettings; access: Access }) {
  const screen = useCashier((s) => s.screen);
  const needs = SCREEN_NEEDS[screen as keyof typeof SCREEN_NEEDS];
  if (needs && !access.may(needs))
    return (
      <p role="alert" className="error">
        {t('notAllowed')}
      </p>
    );
  if (screen === 'setup') return <Setup settings={settings} />;
  if (screen === 'staff') return <StaffScreen settings={settings} access={access} />;
  if (screen === 'audit') return <AuditScreen settings={settings} />;
  if (screen === 'shift') return <ShiftScreen settings={settings} access={access} />;
  if (screen === 'catalogue') return <CatalogueScreen settings={settings} access={access} />;
  return <CashierScreens settings={settings} />;
}

/** Signed in (or first run): the navigation, the session bar and the screen; else the sign-in pad. */
function Gate({ settings }: { settings: TillSettings }) {
  const access = useAccess(settings);
  const lock = useLock();
  useSignedOutWatch();
  // Never while a payer is at the till: the idle lock would take the code away mid-payment.
  const paymentOpen = useCashier((s) => s.paymentOpen);
  useIdleLock(paymentOpen ? null : access.session, lock);
  if (!access.ready) return <p role="status">{t('loading')}</p>;
  if (!access.open && !access.session) return <SignIn />;
  return (
    <>
      <div className="top-row no-print">
        <Nav access={access} />
        {access.session ? <SessionBar session={access.session} onLock={lock} /> : null}
      </div>
      <Notices />
      <main>
        <Screen settings={settings} access={access} />
      </main>
      <LeaveDialog />
    </>
  );
}

function Screens() {
  useLiveEvents();
  useWarnOnUnload();
  const settings = useSettings();
  if (settings.isPending) return <p role="status">{t('loading')}</p>;
  if (settings.isError) return <p role="alert">{t('mainUnreachable')}</p>;
  // First run leads to Setup until a payee is chosen (the navigation shows, its items off).
  if (!settings.data.configured)
    return (
      <>
        <Nav />
        <main>
          <Setup settings={settings.data} />
        </main>
      </>
    );
  return <Gate settings={settings.data} />;
}

function CashierScreens({ settings }: { settings: TillSettings }) {
  const screen = useCashier((s) => s.screen);
  switch (screen) {
    case 'payment':
      return <Payment settings={settings} />;
    case 'receipt':
      return <Receipt settings={settings} />;
    case 'orders':
      return <Orders settings={settings} />;
    case 'owner':
      return <Owner settings={settings} />;
    case 'cart':
      return <CartScreen settings={settings} />;
    case 'sale':
      return <SaleReceipt settings={settings} />;
    default:
      return <Charge settings={settings} />;
  }
}

export function App({ api, queryClient }: { api: PosApi; queryClient?: QueryClient }) {
  useLanguage(); // every screen re-renders in the new language when Setup changes it
  const [client] = useState(
    () => queryClient ?? new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } }),
  );
  return (
    <PosApiContext.Provider value={api}>
      <QueryClientProvider client={client}>
        <TillLanguage />
        <StatusBar />
        <Screens />
      </QueryClientProvider>
    </PosApiContext.Provider>
  );
}
