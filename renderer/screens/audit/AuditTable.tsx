/** The audit entries, newest first; an entry the chain check names is marked. */
import { useQuery } from '@tanstack/react-query';
import type { AuditView } from '../../../shared/posapi-staff.js';
import type { TillSettings } from '../../../shared/posapi.js';
import { usePosApi } from '../../app/api-context.js';
import { formatDateTime } from '../../app/format.js';
import { t } from '../../app/text.js';

/** The detail JSON as short text: `key: value` pairs, nested ones as JSON. */
function detailText(detail: string): string {
  try {
    const parsed = JSON.parse(detail) as Record<string, unknown>;
    return Object.entries(parsed)
      .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
      .join(' · ');
  } catch {
    return detail;
  }
}

export function AuditTable({
  view,
  settings,
  page,
  onPage,
}: {
  view: AuditView | undefined;
  settings: TillSettings;
  page: number;
  onPage: (page: number) => void;
}) {
  const api = usePosApi();
  // Staff actions name an account by its id (names change); the owner reads the current name beside it.
  const staff = useQuery({ queryKey: ['staff.list'], queryFn: () => api.call('staff.list', {}) });
  const names = new Map((staff.data ?? []).map((account) => [account.accountId, account.name]));
  const broken = view && !view.chain.ok ? view.chain.brokenAt : 0;
  const pages = view ? Math.ceil(view.matching / view.pageSize) : 0;
  return (
    <>
      <table className="audit-log">
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">{t('colTime')}</th>
            <th scope="col">{t('auditWho')}</th>
            <th scope="col">{t('auditAction')}</th>
            <th scope="col">{t('auditSubject')}</th>
            <th scope="col">{t('auditDetail')}</th>
          </tr>
        </thead>
        <tbody>
          {(view?.entries ?? []).map((e) => (
            <tr key={e.seq} className={e.seq === broken ? 'tampered' : undefined}>
              <td className="num">{e.seq}</td>
              <td>{formatDateTime(e.at, settings.locale, settings.timeZone)}</td>
              <td>{e.actorName || t('auditNobody')}</td>
              <td>
                <code>{e.action}</code>
              </td>
              <td title={names.has(e.subject) ? e.subject : undefined}>{names.get(e.subject) ?? e.subject}</td>
              <td className="audit-detail">{detailText(e.detail)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {pages > 1 ? (
        <div className="row pager">
          <button type="button" disabled={page === 0} onClick={() => onPage(page - 1)}>
            {t('prevPage')}
          </button>
          <span>
            {page + 1} / {pages}
          </span>
          <button type="button" disabled={page + 1 >= pages} onClick={() => onPage(page + 1)}>
            {t('nextPage')}
          </button>
        </div>
      ) : null}
    </>
  );
}
