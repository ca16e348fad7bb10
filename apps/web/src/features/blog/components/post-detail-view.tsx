import { APP_PATHS } from '@portal/contract';
import '@mantine/core/styles/Skeleton.css';
import { Alert, Button, Skeleton, Stack } from '@mantine/core';
import type { TBlog } from '@portal/contract';
import { IconArrowLeft } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { LoadFailed } from '../../../components/feedback/load-failed';
import type { Crumb } from '../../../components/page/breadcrumb-trail';
import { Page } from '../../../components/page/page';
import { RichText } from '../../../components/rich-text';
import { de } from '../../../i18n/de';
import { ApiError } from '../../../lib/api-error';
import { bringIntoView } from '../../../lib/bring-into-view';
import { useIsAdmin } from '../../../lib/use-session';
import { usePost } from '../api/get-post';
import { blogListPath } from '../lib/list-query';
import classes from './blog.module.css';
import { CircularAttachmentsList } from './circular-attachments-list';
import { ChangedSinceConfirmed, CircularConfirmation } from './circular-confirmation';
import { CircularMarks } from './circular-marks';
import { ConfirmationOffice } from './confirmation-office';
import { PostActions } from './post-actions';
import { PostMeta } from './post-meta';
import { PostTags } from './post-tags';
import { usePostActions } from './use-post-actions';

/** SPEC §2 Blog detail: tags, date, author, picture, pre-text, content and a back button. */
export function PostDetailView({ id }: { id: number }) {
  const [params] = useSearchParams();
  const ceo = params.get('ceo') === 'true';
  const rundschreiben = params.get('rundschreiben') === 'true';
  const post = usePost(id);
  const listTitle = rundschreiben ? de.circulars.list : ceo ? de.pages.blogCeo : de.pages.blog;
  const listCrumbs: Crumb[] = [
    { label: de.pages.dashboard, to: APP_PATHS.dashboard },
    { label: listTitle, to: blogListPath({ ceo, rundschreiben }) },
  ];

  if (post.isPending) {
    return (
      <Page title={listTitle} breadcrumbs={listCrumbs}>
        <Stack gap="sm" aria-busy="true" aria-label={de.app.loading}>
          <Skeleton height={20} width="40%" />
          <Skeleton height={240} radius="md" />
        </Stack>
      </Page>
    );
  }
  if (post.isError) {
    const missing = post.error instanceof ApiError && post.error.status === 404;
    return (
      <Page title={listTitle} breadcrumbs={listCrumbs}>
        {missing ? (
          <Alert color="gray" variant="light" role="alert">
            {de.blog.notFound}
          </Alert>
        ) : (
          <LoadFailed text={post.error.message} query={post} />
        )}
        <BackButton ceo={ceo} />
      </Page>
    );
  }
  return <PostArticle post={post.data} ceo={ceo} breadcrumbs={[...listCrumbs, { label: post.data.title }]} />;
}

function PostArticle({ post, ceo, breadcrumbs }: { post: TBlog; ceo: boolean; breadcrumbs: Crumb[] }) {
  const isAdmin = useIsAdmin();
  const navigate = useNavigate();
  const actions = usePostActions({
    onDeleted: () => void navigate(blogListPath({ ceo }), { replace: true }),
  });
  const top = useRef<HTMLDivElement>(null);
  useEffect(() => bringIntoView(top.current), []);

  return (
    <Page
      title={post.title}
      breadcrumbs={breadcrumbs}
      actions={isAdmin && <PostActions post={post} actions={actions} />}
    >
      <Stack ref={top} component="article" gap="md" className={classes.article}>
        <div>
          <BackButton ceo={ceo} />
        </div>
        <CircularMarks post={post} pending={post.confirmation?.pending ?? false} />
        <PostMeta post={post} />
        <PostTags tags={post.tags} ceo={ceo} />
        <ChangedSinceConfirmed confirmation={post.confirmation} />
        {post.image && (
          <img src={post.image} alt={de.blog.imageAlt(post.title)} className={classes.picture} />
        )}
        <div className={classes.lead}>
          <RichText html={post.preText} />
        </div>
        <RichText html={post.content} />
        <CircularAttachmentsList attachments={post.attachments} />
        <CircularConfirmation post={post} />
      </Stack>
      {isAdmin && post.circular && post.confirmationRequired && (
        <div className={classes.article}>
          <ConfirmationOffice post={post} />
        </div>
      )}
    </Page>
  );
}

/** Back to where the member came from (list, dashboard); to the list when the post was opened directly. */
function BackButton({ ceo }: { ceo: boolean }) {
  const navigate = useNavigate();
  return (
    <Button
      variant="subtle"
      leftSection={<IconArrowLeft size={16} aria-hidden />}
      px="xs"
      onClick={() => void (cameFromApp() ? navigate(-1) : navigate(blogListPath({ ceo })))}
    >
      {de.blog.back}
    </Button>
  );
}

/**
 * Whether this visit of the app has an entry before the current one. React Router numbers the entries it
 * pushes (`history.state.idx`, 0 for the first); a redirect replaces the entry and keeps its number. The
 * location's key is no guide: a login link's deep link (`?request=/blog/12`) reaches the post through
 * redirects, each with a new key, and going back from there would leave the app, in the iframe taking the
 * host website's page back.
 */
function cameFromApp(): boolean {
  const state: unknown = window.history.state;
  if (typeof state !== 'object' || state === null || !('idx' in state)) return false;
  return typeof state.idx === 'number' && state.idx > 0;
}
