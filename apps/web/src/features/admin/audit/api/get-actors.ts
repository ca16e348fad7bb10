import { ADMIN_API, ZAdminMember } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../../lib/portal';
import { auditKeys } from './get-audit';

/** What the actor filter needs of a member. */
const ZActor = ZAdminMember.pick({ id: true, username: true });
const ZActorPage = z.object({ items: z.array(ZActor) });

/** GET /api/admin/members?q=…: the first page of members matching the typed text, for the actor filter. */
export function useActorChoices(q: string, enabled: boolean) {
  return useQuery({
    queryKey: auditKeys.actors(q),
    queryFn: ({ signal }) => {
      const path = q === '' ? ADMIN_API.members : `${ADMIN_API.members}?${new URLSearchParams({ q })}`;
      return api.get(path, { schema: ZActorPage, signal, hideSpinner: true });
    },
    select: (page) => page.items,
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/members/{id}: the name of the actor chosen in the address (after a reload). */
export function useActorName(id: number | null) {
  return useQuery({
    queryKey: auditKeys.actor(id ?? 0),
    // silent: an actor erased meanwhile is shown by id, without a red banner
    queryFn: ({ signal }) =>
      api.get(ADMIN_API.member(id ?? 0), { schema: ZActor, signal, silent: true, hideSpinner: true }),
    select: (member) => member.username,
    enabled: id !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
