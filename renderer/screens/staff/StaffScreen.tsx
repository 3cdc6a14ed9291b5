/**
 * Staff (README, "Staff and roles"): the owner adds people with a name, a role and a PIN, changes roles,
 * sets PINs, retires accounts and sets the idle lock; everyone changes their own PIN here with the
 * current one. The main process checks every step; this screen only shows what the role may do.
 */
import type { TillSettings } from '../../../shared/posapi.js';
import { t } from '../../app/text.js';
import type { Access } from '../signin/access.js';
import { AddStaff } from './AddStaff.js';
import { IdleLock } from './IdleLock.js';
import { MyPin } from './MyPin.js';
import { StaffList } from './StaffList.js';

export function StaffScreen({ settings, access }: { settings: TillSettings; access: Access }) {
  const owner = access.may('staff') && access.session !== null;
  return (
    <section className="screen staff" aria-labelledby="staff-title">
      <h2 id="staff-title">{owner ? t('staffTitle') : t('myPinTitle')}</h2>
      {owner ? (
        <>
          <p className="hint">{t('staffRoles')}</p>
          <StaffList />
          <AddStaff />
          <IdleLock minutes={settings.idleLockMinutes} />
        </>
      ) : null}
      <MyPin />
    </section>
  );
}
