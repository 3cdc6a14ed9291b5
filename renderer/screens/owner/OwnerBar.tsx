/** The owner area's top row: the day under review, print the close-of-day summary, and lock. */
import { t } from '../../app/text.js';

export function OwnerBar({ day, onDay, onLock }: { day: string; onDay: (day: string) => void; onLock: () => void }) {
  return (
    <div className="row no-print">
      <h2 id="owner-title">{t('ownerTitle')}</h2>
      <label className="inline">
        {t('day')}
        <input type="date" value={day} onChange={(e) => onDay(e.target.value)} />
      </label>
      <button type="button" onClick={() => window.print()}>
        {t('printSummary')}
      </button>
      <button type="button" onClick={onLock}>
        {t('lock')}
      </button>
    </div>
  );
}
