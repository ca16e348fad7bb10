import { isUserAdmin } from '@portal/contract';
import { useSyncExternalStore } from 'react';
import { session } from './portal';
import type { SessionState } from './session';

export function useSession(): SessionState {
  return useSyncExternalStore(session.state.subscribe, session.state.get);
}

/** SPEC §6 'isUserAdmin': enables the create, edit, delete and reorder controls. */
export function useIsAdmin(): boolean {
  const { user } = useSession();
  return user ? isUserAdmin(user.roles) : false;
}
