/** The day review's top row: the day under review and print the close-of-day summary (Lock is in the session bar). */
import { t } from '../../app/text.js';

export function OwnerBar({ day, onDay }: { day: string; onDay: (day: string) => void }) {
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
    </div>
  );
}
