import { PEOPLE_API, ZPerson } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/portal';
import { companyKeys } from './query-keys';

/** A person is read once for every post of theirs on a screen; their photo's signed URL holds for hours. */
const PERSON_STALE_MS = 5 * 60_000;

/**
 * GET /api/people/{id} (ROLE_USER): name, photo, company, function; e-mail and phone only with consent.
 * `enabled` false for whoever may not read people (partners): no request, no data.
 */
export function usePerson(id: number | null, enabled = true) {
  return useQuery({
    queryKey: companyKeys.person(id ?? 0),
    queryFn: ({ signal }) => api.get(PEOPLE_API.byId(id ?? 0), { schema: ZPerson, signal, silent: true }),
    enabled: enabled && id !== null,
    staleTime: PERSON_STALE_MS,
  });
}
