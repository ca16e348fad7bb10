import { APP_PATHS, appLink, type TBlog } from '@portal/contract';
import { useAlerts } from '../../../components/feedback/alerts';
import { useConfirm } from '../../../components/feedback/confirm';
import { de } from '../../../i18n/de';
import { ApiError } from '../../../lib/api-error';
import { copyText } from '../../../lib/clipboard';
import { appAddresses } from '../../../lib/settings';
import { useDeletePost } from '../api/delete-post';
import { useSendBreakingNews } from '../api/send-breaking-news';
import { usePostFormSheet } from './post-form-sheet';

export interface PostActions {
  edit(post: TBlog): void;
  copyLink(post: TBlog): Promise<void>;
  sendBreakingNews(post: TBlog): Promise<void>;
  remove(post: TBlog): Promise<void>;
}

/** The admin actions of a post (SPEC §2 Blog): breaking news, edit, copy link, delete. */
export function usePostActions(options: { onDeleted?: () => void } = {}): PostActions {
  const confirm = useConfirm();
  const alerts = useAlerts();
  const openForm = usePostFormSheet();
  const deletion = useDeletePost();
  const breakingNews = useSendBreakingNews();

  return {
    edit: (post) => openForm({ post }),
    async copyLink(post) {
      const copied = await copyText(appLink(APP_PATHS.post(post.id), appAddresses()));
      if (copied) alerts.success(de.common.linkCopied);
      else alerts.error(de.common.copyFailed);
    },
    async sendBreakingNews(post) {
      const confirmed = await confirm({
        title: de.blog.breakingNews.title,
        text: de.blog.breakingNews.text(post.title),
        escapeCancels: true,
      });
      if (!confirmed) return;
      try {
        await breakingNews.mutateAsync(post.id);
      } catch (error) {
        // A refusal the server explains (a scheduled post, the same news within 10 minutes) is no failure:
        // its reason alone, without SPEC §8's red error beside it (issue 31 point 5).
        if (error instanceof ApiError && error.status === 409) alerts.notice(error.message);
        else alerts.error(de.blog.breakingNews.failed);
        return;
      }
      alerts.success(de.blog.breakingNews.sent);
    },
    async remove(post) {
      const confirmed = await confirm({
        title: de.deletion.title,
        text: de.deletion.post(post.title),
        danger: true,
      });
      if (!confirmed) return;
      try {
        await deletion.mutateAsync(post.id);
      } catch {
        return; // the API client has shown the error
      }
      alerts.success(de.blog.deleted);
      options.onDeleted?.();
    },
  };
}
