/**
 * CSV export of the orders created from one day to another (both default to the day under review);
 * the main process writes the CSV, the page hands it to the browser as a download
 * (README, "The owner's day review").
 */
import { useMutation } from '@tanstack/react-query';
import { usePosApi } from '../../app/api-context.js';
import { download as downloadFile } from '../../app/download.js';
import { t } from '../../app/text.js';

/** The chosen range; '' means the day under review. */
export interface ExportRange {
  from: string;
  to: string;
}

export function download(filename: string, csv: string): void {
  downloadFile(filename, csv, 'text/csv;charset=utf-8');
}

export function ExportPanel({
  day,
  range,
  onRange,
}: {
  day: string;
  range: ExportRange;
  onRange: (range: ExportRange) => void;
}) {
  const api = usePosApi();
  const from = range.from || day;
  const to = range.to || day;
  const badRange = from > to;
  const exportCsv = useMutation({
    mutationFn: () => api.call('owner.export', { from: range.from || day, to: range.to || day }),
    onSuccess: (file) => download(file.filename, file.csv),
  });
  return (
    <div className="row no-print export">
      <label className="inline">
        {t('exportFrom')}
        <input type="date" value={range.from || day} onChange={(e) => onRange({ ...range, from: e.target.value })} />
      </label>
      <label className="inline">
        {t('exportTo')}
        <input type="date" value={range.to || day} onChange={(e) => onRange({ ...range, to: e.target.value })} />
      </label>
      <button type="button" onClick={() => exportCsv.mutate()} disabled={badRange} aria-describedby="export-message">
        {t('exportCsv')}
      </button>
      <p id="export-message" className="error" role={badRange || exportCsv.isError ? 'alert' : undefined}>
        {badRange
          ? t('exportRangeBad')
          : exportCsv.error
            ? t('exportFailed', { message: exportCsv.error.message })
            : ''}
      </p>
    </div>
  );
}
