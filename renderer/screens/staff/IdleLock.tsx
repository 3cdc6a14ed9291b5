/** The idle lock: after how many minutes without use the till goes back to the sign-in pad. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { usePosApi } from '../../app/api-context.js';
import { t } from '../../app/text.js';
import { refusalText } from './pin-input.js';

export function IdleLock({ minutes }: { minutes: number }) {
  const api = usePosApi();
  const queryClient = useQueryClient();
  const [value, setValue] = useState(String(minutes));
  const save = useMutation({
    mutationFn: () => api.call('staff.setIdleLock', { minutes: Number(value) }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['settings'] });
      void queryClient.invalidateQueries({ queryKey: ['staff.session'] });
    },
  });
  const valid = /^\d{1,3}$/.test(value) && Number(value) >= 1 && Number(value) <= 240;
  return (
    <div className="row idle-lock" role="group" aria-labelledby="idle-lock-title">
      <h3 id="idle-lock-title">{t('idleLockTitle')}</h3>
      <label className="inline">
        {t('idleLockMinutes')}
        <input type="number" min={1} max={240} value={value} onChange={(e) => setValue(e.target.value)} />
      </label>
      <button type="button" disabled={!valid || save.isPending} onClick={() => save.mutate()}>
        {t('save')}
      </button>
      {save.isSuccess ? <span role="status">{t('idleLockSaved', { n: value })}</span> : null}
      {save.isError ? <span role="alert">{refusalText(save.error)}</span> : null}
    </div>
  );
}
