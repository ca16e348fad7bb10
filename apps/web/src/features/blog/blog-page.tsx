import { Alert } from '@mantine/core';
import { APP_PATHS } from '@portal/contract';
import { useParams, useSearchParams } from 'react-router';
import { Page } from '../../components/page/page';
import { de } from '../../i18n/de';
import { PostDetailView } from './components/post-detail-view';
import { PostListView } from './components/post-list-view';

/** SPEC §2 'blog' (/blog/:id?): the list without an id, one post with it. */
export function BlogPage() {
  const { id } = useParams();
  if (id === undefined) return <PostListView />;
  const postId = Number(id);
  return Number.isInteger(postId) && postId > 0 ? (
    <PostDetailView key={postId} id={postId} />
  ) : (
    <NoSuchPost />
  );
}

function NoSuchPost() {
  const [params] = useSearchParams();
  const title = params.get('ceo') === 'true' ? de.pages.blogCeo : de.pages.blog;
  return (
    <Page
      title={title}
      breadcrumbs={[{ label: de.pages.dashboard, to: APP_PATHS.dashboard }, { label: title }]}
    >
      <Alert color="gray" variant="light" role="alert">
        {de.blog.notFound}
      </Alert>
    </Page>
  );
}
