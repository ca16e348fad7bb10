import { PEOPLE_API, type TPerson, ZMyPhoto } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/portal';
import { companyKeys } from './query-keys';

/** After a change the member's own page (and the photo beside their posts) shows the new photo at once. */
function useStorePhoto(userId: number) {
  const queryClient = useQueryClient();
  return (photo: string | null) => {
    queryClient.setQueryData<TPerson>(companyKeys.person(userId), (person) =>
      person ? { ...person, photo } : person,
    );
    return queryClient.invalidateQueries({ queryKey: companyKeys.person(userId) });
  };
}

/** PUT /api/account/photo (multipart `photo`, PNG or JPEG); the form shows the server's refusal itself. */
export function useSetPhoto(userId: number) {
  const store = useStorePhoto(userId);
  return useMutation({
    mutationFn: (photo: File) => api.putForm(PEOPLE_API.photo, { photo }, { schema: ZMyPhoto, silent: true }),
    onSuccess: (saved) => store(saved.photo),
  });
}

/** DELETE /api/account/photo. */
export function useRemovePhoto(userId: number) {
  const store = useStorePhoto(userId);
  return useMutation({
    mutationFn: () => api.delete(PEOPLE_API.photo),
    onSuccess: () => store(null),
  });
}
