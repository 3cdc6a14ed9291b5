/**
 * "Export the whole book": every order, transaction, order event and audit row as CSV files in one
 * zip, for the accountant or a move to another system (README, "Exporting the whole book"). The main
 * process builds the zip; the page hands it to the browser as a download.
 */
import { useMutation } from '@tanstack/react-query';
import { usePosApi } from '../../app/api-context.js';
import { download } from '../../app/download.js';
import { t } from '../../app/text.js';
import { formatBytes } from './bytes.js';

function downloadZip(filename: string, zipBase64: string): void {
  download(
    filename,
    Uint8Array.from(atob(zipBase64), (c) => c.charCodeAt(0)),
    'application/zip',
  );
}

export function BookExport() {
  const api = usePosApi();
  const exportBook = useMutation({
    mutationFn: () => api.call('backup.exportBook', {}),
    onSuccess: (book) => downloadZip(book.filename, book.zipBase64),
  });
  const done = exportBook.data;
  return (
    <div className="book-export">
      <h4 id="book-export-title">{t('bookExportTitle')}</h4>
      <p className="hint">{t('bookExportIntro')}</p>
      <button
        type="button"
        onClick={() => exportBook.mutate()}
        disabled={exportBook.isPending}
        aria-describedby="book-export-message"
      >
        {exportBook.isPending ? t('bookExportRunning') : t('bookExportButton')}
      </button>
      <p
        id="book-export-message"
        className={exportBook.isError ? 'error' : 'hint'}
        role={exportBook.isError ? 'alert' : 'status'}
      >
        {exportBook.error
          ? t('bookExportFailed', { message: exportBook.error.message })
          : done
            ? t('bookExportDone', {
                file: done.filename,
                size: formatBytes(done.bytes),
                files: done.files.map((file) => `${file.name} (${file.rows})`).join(', '),
              })
            : ''}
      </p>
    </div>
  );
}
