import { CONVERSATION_API, type TMentionable, ZMentionables } from '@portal/contract';
import { withQuery } from '../../../lib/form-data';
import { api } from '../../../lib/portal';

/**
 * GET /api/forum/{id}/mentionable?q= (issue 37 point 2): members who can see the forum's threads, for the
 * editor's `@` list. Asked by the editor as the member types (debounced there); silent: the list says
 * 'Keine passenden Mitglieder' rather than a red banner per key.
 */
export async function searchMentionable(
  forumId: number,
  query: string,
  signal: AbortSignal,
): Promise<TMentionable[]> {
  const answer = await api.get(withQuery(CONVERSATION_API.mentionable(forumId), { q: query }), {
    schema: ZMentionables,
    signal,
    silent: true,
    hideSpinner: true,
  });
  return answer.people;
}
