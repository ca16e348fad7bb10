import type { TContentCategory } from '@portal/contract';
import { APP_PATHS } from '@portal/contract';
import { useLocation, useNavigate } from 'react-router';
import { useAlerts } from '../../../components/feedback/alerts';
import { useConfirm } from '../../../components/feedback/confirm';
import { de } from '../../../i18n/de';
import { copyText } from '../../../lib/clipboard';
import { appAddresses } from '../../../lib/settings';
import { useDeleteCategory } from '../api/delete-category';
import { categoryAddress } from '../lib/category-link';
import { useCategoryFormSheet } from './category-form-sheet';

/** The admin actions of a tree node: edit, add a sub-category, copy its link, delete it. */
export function useCategoryActions() {
  const confirm = useConfirm();
  const alerts = useAlerts();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const openForm = useCategoryFormSheet();
  const deletion = useDeleteCategory();

  return {
    edit: (category: TContentCategory) => openForm({ category }),
    createChild: (parent: TContentCategory) => openForm({ parentId: parent.id }),
    async copyLink(category: TContentCategory) {
      const copied = await copyText(categoryAddress(category, appAddresses()));
      if (copied) alerts.success(de.common.linkCopied);
      else alerts.error(de.common.copyFailed);
    },
    async remove(category: TContentCategory) {
      const confirmed = await confirm({
        title: de.deletion.title,
        text: de.deletion.entry(category.name),
        danger: true,
      });
      if (!confirmed) return;
      try {
        await deletion.mutateAsync(category.id);
      } catch {
        return; // the API client has shown the error
      }
      alerts.success(de.categories.deleted);
      if (pathname === APP_PATHS.content(category.id)) await navigate(APP_PATHS.dashboard, { replace: true });
    },
  };
}
