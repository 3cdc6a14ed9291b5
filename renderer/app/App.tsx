/** The app shell: providers and the screen for the current state. */
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { createContext, useContext, useState } from 'react';
import type { PosApi } from '../../shared/posapi.js';
import { t } from './text.js';

const PosApiContext = createContext<PosApi | null>(null);

export function usePosApi(): PosApi {
  const api = useContext(PosApiContext);
  if (!api) throw new Error('usePosApi outside <App>');
  return api;
}

function StatusBar() {
  const api = usePosApi();
  const info = useQuery({ queryKey: ['app.info'], queryFn: () => api.call('app.info', {}) });
  if (info.isPending) return <p role="status">{t('loading')}</p>;
  if (info.isError) return <p role="alert">{t('mainUnreachable')}</p>;
  return (
    <header className="status-bar">
      <h1>Paydesk</h1>
      {info.data.mode === 'sandbox' ? <strong className="test-mode" aria-label={t('testModeLong')}>{t('testMode')}</strong> : null}
      <span className="version">v{info.data.version}</span>
    </header>
  );
}

export function App({ api, queryClient }: { api: PosApi; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } }));
  return (
    <PosApiContext.Provider value={api}>
      <QueryClientProvider client={client}>
        <main>
          <StatusBar />
        </main>
      </QueryClientProvider>
    </PosApiContext.Provider>
  );
}
