import { useMemo } from 'react';
import type { MentionSource } from '../../../components/rich-text-editor/use-mention-menu';
import { searchMentionable } from '../api/get-mentionable';

/** The `@` list of an editor in forum `forumId`: its members who can see the thread (issue 37 point 2). */
export function useMentionSource(forumId: number): MentionSource {
  return useMemo(() => ({ search: (query, signal) => searchMentionable(forumId, query, signal) }), [forumId]);
}
