import type { TMediaCategory } from '@portal/contract';
import { APP_PATHS } from '@portal/contract';
import { useNavigate } from 'react-router';
import { useConfirmedDeletion } from '../../../components/feedback/use-confirmed-deletion';
import { de } from '../../../i18n/de';
import { useDeleteMediaCategory } from '../api/delete-media-category';

/**
 * Deletes a category after 'Wollen Sie den Eintrag "{name}" wirklich löschen?'; the server refuses one that
 * still holds files or sub-categories (409, red banner). Deleting the shown category returns to /media.
 */
export function useMediaCategoryDeletion(currentId: number | null) {
  const deletion = useDeleteMediaCategory();
  const confirmed = useConfirmedDeletion();
  const navigate = useNavigate();
  return async (category: TMediaCategory) => {
    const deleted = await confirmed(
      de.media.confirmDeleteCategory(category.name),
      () => deletion.mutateAsync(category.id),
      de.media.categoryDeleted,
    );
    if (deleted && category.id === currentId) await navigate(APP_PATHS.media, { replace: true });
  };
}
