/**
 * A line in the status bar when the books are not safe: no backup for two days, backups failing, or a
 * till with two days of sales and no backups at all (README, "Backups"). Quiet otherwise.
 */
import { useQuery } from '@tanstack/react-query';
import { usePosApi } from '../app/api-context.js';
import { t } from '../app/text.js';

export function BackupWarning() {
  const api = usePosApi();
  const health = useQuery({
    queryKey: ['backup.health'],
    queryFn: () => api.call('backup.health', {}),
    refetchInterval: 60_000,
  });
  const h = health.data;
  if (!h || (!h.overdue && !h.failing)) return null;
  const text = h.failing ? t('backupWarnFailing') : h.configured ? t('backupWarnOverdue') : t('backupWarnUnset');
  return (
    <span role="status" className="backup-warning" title={text}>
      {text}
    </span>
  );
}
