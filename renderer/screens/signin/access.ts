/**
 * Who is signed in on this window and what they may do, as the main process says (staff.session). The
 * renderer only hides what the main process refuses anyway (README, "Staff and roles"). Until the owner
 * account exists (first run) the till is open. A `signed_out` answer from any command, the Lock button
 * and the idle timer all bring back the sign-in pad.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import type { Permission, StaffSession, TillSettings } from '../../../shared/posapi.js';
import { PosCallError } from '../../api/pos-client.js';
import { usePosApi } from '../../app/api-context.js';

export const SESSION_KEY = ['staff.session'] as const;

export interface Access {
  /** No owner account yet: everything is open, as at first run. */
  open: boolean;
  session: StaffSession | null;
  ready: boolean;
  may(permission: Permission): boolean;
}

export function useAccess(settings: TillSettings): Access {
  const api = usePosApi();
  const query = useQuery({ queryKey: SESSION_KEY, queryFn: () => api.call('staff.session', {}), staleTime: Infinity });
  const open = !settings.ownerPinSet;
  const session = query.data ?? null;
  return {
    open,
    session,
    ready: !query.isPending,
    may: (permission) => open || (session?.permissions.includes(permission) ?? false),
  };
}

/** Signs out on this window and shows the pad. */
export function useLock(): () => void {
  const api = usePosApi();
  const queryClient = useQueryClient();
  // Stable, so the idle timer restarts on a touch or a key, never on a re-render (polling re-renders).
  return useCallback(() => {
    void api
      .call('staff.lock', {})
      .catch(() => undefined)
      .finally(() => {
        queryClient.setQueryData(SESSION_KEY, null);
        queryClient.removeQueries({
          predicate: (q) => q.queryKey[0] !== SESSION_KEY[0] && q.queryKey[0] !== 'settings',
        });
      });
  }, [api, queryClient]);
}

/** Any command answered `signed_out` (the idle lock in the main process, a reset PIN): back to the pad. */
export function useSignedOutWatch(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const signedOut = (error: unknown) => error instanceof PosCallError && error.shape.code === 'signed_out';
    const queries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && signedOut(event.query.state.error)) queryClient.setQueryData(SESSION_KEY, null);
    });
    const mutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && signedOut(event.mutation?.state.error))
        queryClient.setQueryData(SESSION_KEY, null);
    });
    return () => {
      queries();
      mutations();
    };
  }, [queryClient]);
}

/** Locks the till after the session's idle time without a touch, a click or a key. */
export function useIdleLock(session: StaffSession | null, lock: () => void): void {
  useEffect(() => {
    if (!session) return;
    let timer = window.setTimeout(lock, session.idleLockMs);
    const touched = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(lock, session.idleLockMs);
    };
    const events = ['pointerdown', 'keydown', 'wheel'] as const;
    for (const name of events) window.addEventListener(name, touched, { passive: true });
    return () => {
      window.clearTimeout(timer);
      for (const name of events) window.removeEventListener(name, touched);
    };
  }, [session, lock]);
}
