/** Who is signed in on this window, with Switch user and Lock (both bring back the sign-in pad). */
import type { StaffSession } from '../../../shared/posapi.js';
import { t } from '../../app/text.js';
import './session-bar.css';

/** "Anna (Cashier)"; a name that is its role's word (the first owner, named in the till's language) alone. */
export function signedInText(session: Pick<StaffSession, 'name' | 'role'>): string {
  const role = t(`role_${session.role}`);
  return session.name === role ? session.name : t('signedInAs', { name: session.name, role });
}

export function SessionBar({ session, onLock }: { session: StaffSession; onLock: () => void }) {
  const signedIn = signedInText(session);
  return (
    <div className="session-bar no-print">
      {/* Whole at 1024 px (the navigation gives way); only a very long name is cut, whole on hover and for a screen reader. */}
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
