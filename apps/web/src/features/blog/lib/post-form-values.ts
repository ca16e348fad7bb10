import {
  BLOG_MESSAGES,
  type TBlog,
  type TBlogFormData,
  type TBlogValues,
  ZBlogInput,
} from '@portal/contract';
import type { z } from 'zod';
import { type ImageChoice, withImageChoice } from '../../../components/form/image-choice';
import { berlinNowInput, fromBerlinInput } from '../../../lib/berlin-time';

/**
 * The post form's values ⇄ the `blog` JSON of POST /api/blog/ (ZBlogInput). `publishedAt` is kept as ISO
 * 8601 in UTC in the form (the picker converts from and to Berlin time), so the contract's schema checks
 * exactly what is sent. The picture is not a form value: the file travels as the multipart field `image`,
 * and `blog.image: null` asks the server to remove the current one. A circular's attachments (issue 34) are
 * kept beside the form too (files cannot be form values) and join the payload in postPayload().
 */
export const ZPostForm = ZBlogInput.omit({ image: true, attachments: true }).superRefine((values, ctx) => {
  // The server's rule, checked before sending: a confirmation needs its date.
  if (values.circular && values.confirmationRequired && !values.confirmBy) {
    ctx.addIssue({ code: 'custom', path: ['confirmBy'], message: BLOG_MESSAGES.confirmByRequired });
  }
});
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
      circular: post.circular,
      confirmationRequired: post.confirmationRequired,
      confirmBy: post.confirmBy,
      reconfirm: false,
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
    circular: false,
    confirmationRequired: false,
    confirmBy: null,
    reconfirm: false,
  };
}

/**
 * The `blog` field: the checked values, plus `image: null` when the current picture is to go. A plain post
 * asks for no confirmation; `attachments` (a circular's kept ids, in order) only for a circular, and
 * `reconfirm` only when the admin chose it.
 */
export function postPayload(
  values: PostFormOutput,
  image: ImageChoice,
  keptAttachments: readonly number[] = [],
): TBlogValues {
  const { reconfirm, ...rest } = values;
  const circular = rest.circular === true;
  const confirmationRequired = circular && rest.confirmationRequired === true;
  const payload: TBlogValues = {
    ...rest,
    circular,
    confirmationRequired,
    confirmBy: confirmationRequired ? (rest.confirmBy ?? null) : null,
    ...(circular ? { attachments: [...keptAttachments] } : {}),
    ...(circular && reconfirm ? { reconfirm: true } : {}),
  };
  return withImageChoice(payload, image);
}

/** Whether saving asks the choice 'Änderung erneut bestätigen lassen': a saved circular with confirmation. */
export function offersReconfirm(post: Pick<TBlog, 'circular' | 'confirmationRequired'> | undefined): boolean {
  return post?.circular === true && post.confirmationRequired;
}
