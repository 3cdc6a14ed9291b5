/** Who is signed in on this window, with Switch user and Lock (both bring back the sign-in pad). */
import type { StaffSession } from '../../../shared/posapi.js';
import { t } from '../../app/text.js';

export function SessionBar({ session, onLock }: { session: StaffSession; onLock: () => void }) {
  const signedIn = t('signedInAs', { name: session.name, role: t(`role_${session.role}`) });
  return (
    <div className="session-bar no-print">
      {/* A long name is cut at 1024 px: the whole of it shows on hover and is what a screen reader reads. */}
      <span className="signed-in" title={signedIn}>
        {signedIn}
      </span>
      <button type="button" onClick={onLock}>
        {t('switchUser')}
      </button>
      <button type="button" onClick={onLock} aria-keyshortcuts="Control+L">
        {t('lock')}
      </button>
    </div>
  );
}
