import { type TBlog, type TBlogFormData, type TBlogValues, ZBlogInput } from '@portal/contract';
import type { z } from 'zod';
import { type ImageChoice, withImageChoice } from '../../../components/form/image-choice';
import { berlinNowInput, fromBerlinInput } from '../../../lib/berlin-time';

/**
 * The post form's values ⇄ the `blog` JSON of POST /api/blog/ (ZBlogInput). `publishedAt` is kept as ISO
 * 8601 in UTC in the form (the picker converts from and to Berlin time), so the contract's schema checks
 * exactly what is sent. The picture is not a form value: the file travels as the multipart field `image`,
 * and `blog.image: null` asks the server to remove the current one.
 */
export const ZPostForm = ZBlogInput.omit({ image: true });
export type PostFormValues = z.input<typeof ZPostForm>;
export type PostFormOutput = z.output<typeof ZPostForm>;

export function initialPostValues(
  post: TBlog | undefined,
  formData: Pick<TBlogFormData, 'defaultUserGroups'>,
  now: number = Date.now(),
): PostFormValues {
  if (post) {
    return {
      id: post.id,
      title: post.title,
      preText: post.preText,
      content: post.content,
      visibleForUserGroups: post.visibleForUserGroups,
      publishedAt: post.publishedAt,
      displayOnDashboard: post.displayOnDashboard,
      tags: post.tags,
    };
  }
  return {
    title: '',
    preText: '',
    content: '',
    visibleForUserGroups: [...formData.defaultUserGroups],
    publishedAt: fromBerlinInput(berlinNowInput(now)),
    displayOnDashboard: true,
    tags: [],
  };
}

/** The `blog` field: the checked values, plus `image: null` when the current picture is to go. */
export function postPayload(values: PostFormOutput, image: ImageChoice): TBlogValues {
  return withImageChoice(values, image);
}
