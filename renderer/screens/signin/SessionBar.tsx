/** Who is signed in on this window, with Switch user and Lock (both bring back the sign-in pad). */
import type { StaffSession } from '../../../shared/posapi.js';
import { t } from '../../app/text.js';

export function SessionBar({ session, onLock }: { session: StaffSession; onLock: () => void }) {
  return (
    <div className="session-bar no-print">
      <span className="signed-in">{t('signedInAs', { name: session.name, role: t(`role_${session.role}`) })}</span>
      <button type="button" onClick={onLock}>
        {t('switchUser')}
      </button>
      <button type="button" onClick={onLock} aria-keyshortcuts="Control+L">
        {t('lock')}
      </button>
    </div>
  );
}
