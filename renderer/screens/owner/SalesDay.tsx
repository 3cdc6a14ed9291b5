/** The day review's cart sales: the day's sums (screens/cart/SalesSummaryView) and their CSV. */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TillSettings } from '../../../shared/posapi.js';
import { useQuoteAssets } from '../../api/hooks.js';
import { usePosApi } from '../../app/api-context.js';
import { moneyText } from '../../app/format-money.js';
import { t } from '../../app/text.js';
import { SalesSummaryView } from '../cart/SalesSummaryView.js';

function download(filename: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  URL.revokeObjectURL(url);
}

export function SalesDay({ day, settings, canExport }: { day: string; settings: TillSettings; canExport: boolean }) {
  const api = usePosApi();
  const quotes = useQuoteAssets(true);
  const [problem, setProblem] = useState('');
  const summary = useQuery({
    queryKey: ['sales.day', day],
    queryFn: () => api.call('sales.day', day ? { day } : {}),
    enabled: day !== '',
  });
  if (!summary.data) return null;
  const places = quotes.data?.find((q) => q.assetId === summary.data.currency)?.decimalDigit ?? 2;
  const money = (amount: string) => moneyText(amount, places, settings.locale, summary.data.symbol);
  return (
    <section className="sales-day" aria-labelledby="sales-day-title">
      <h3 id="sales-day-title">{t('salesDayTitle')}</h3>
      <SalesSummaryView summary={summary.data} money={money} />
      {canExport ? (
        <button
          type="button"
          className="no-print"
          onClick={() =>
            api
              .call('sales.export', { from: summary.data.day, to: summary.data.day })
              .then((file) => download(file.filename, file.csv))
              .catch((e: Error) => setProblem(e.message))
          }
        >
          {t('exportSales')}
        </button>
      ) : null}
      {problem ? <p role="alert">{problem}</p> : null}
    </section>
  );
}
