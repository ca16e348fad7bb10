import { EVENTS_API } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/portal';
import { eventKeys } from './query-keys';

interface RemoveParticipantInput {
  eventId: number;
  username: string;
}

/** DELETE /api/event/{id}/participant/{username} (admins, issue 35): the waiting list moves up. */
function removeParticipant({ eventId, username }: RemoveParticipantInput) {
  return api.delete<unknown>(EVENTS_API.participant(eventId, encodeURIComponent(username)));
}

export function useRemoveParticipant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeParticipant,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventKeys.all }),
  });
}
