import { z } from 'zod';
// Answers the frame and the dashboard check before they show: zod/mini, tree-shakable (decision 0097).
import * as zm from 'zod/mini';
import { MESSAGES } from './errors.ts';
import { formList, jsonField } from './form.ts';
import { ZId, ZIdParams, zId, zWholeNumber } from './ids.ts';
import { isAllowedUrl, withWebScheme } from './links.ts';
import { pathTemplate } from './paths.ts';
import { zTreeInput } from './tree.ts';

/** Content category endpoints of SPEC §7, exactly as the legacy client calls them (trailing slashes included). */
export const CATEGORY_API = {
  tree: '/api/contentCategory/',
  quickAccess: '/api/contentCategory/quickAccess',
  formData: '/api/contentCategory/formData',
  saveTree: '/api/contentCategory/saveTree/',
  /** GET one category, DELETE one category: `/api/contentCategory/{id}`. */
  byId: pathTemplate('/api/contentCategory/:id'),
} as const;

export const CATEGORY_MESSAGES = {
  nameRequired: 'Name ist ein Pflichtfeld.',
  typeRequired: 'Typ ist ein Pflichtfeld.',
  urlRequired: 'URL ist ein Pflichtfeld.',
  urlInvalid: 'Die URL muss mit https://, http://, www. oder / beginnen.',
  visibilityRequired: 'Sichtbarkeit ist ein Pflichtfeld.',
  unknownGroup: 'Diese Benutzergruppe gibt es nicht.',
  unknownParent: 'Die übergeordnete Kategorie gibt es nicht.',
  ownParent: 'Eine Kategorie kann nicht unter sich selbst oder ihren Unterkategorien liegen.',
  hasChildren: 'Die Kategorie enthält noch Unterkategorien und kann nicht gelöscht werden.',
  invalidTree:
    'Der Kategoriebaum ist ungültig: jede Kategorie darf nur einmal und nur mit bekannter ID vorkommen.',
} as const;

export const CATEGORY_TYPES = ['content', 'url'] as const;
const ZCategoryType = zm.enum(CATEGORY_TYPES, { error: CATEGORY_MESSAGES.typeRequired });
export type TCategoryType = z.infer<typeof ZCategoryType>;

/** Labels for the type select of the category form (GET /api/contentCategory/formData). */
export const CATEGORY_TYPE_LABELS: Record<TCategoryType, string> = { content: 'Inhalt', url: 'URL' };

const ZParentName = zm.object({ id: zm.int(), name: zm.string() });
export type TParentName = z.infer<typeof ZParentName>;

/**
 * `schema`, named `id` in the OpenAPI document (as classic zod's `.meta({ id })`). Not zod/mini's `.register`,
 * which loses the recursive type, nor `.check`, which reads the `children` getter too early.
 */
function openApiComponent<T extends zm.ZodMiniType>(schema: T, id: string): T {
  zm.globalRegistry.add(schema, { id });
  return schema;
}

/**
 * ContentCategory of SPEC §3; `children` are the visible sub-categories, `parentNames` the ancestors, root
 * first. Recursive schemas carry an `id`: OpenAPI refers to them as components.
 */
export const ZContentCategory = openApiComponent(
  zm.object({
    id: zm.int(),
    name: zm.string(),
    description: zm.nullable(zm.string()),
    type: ZCategoryType,
    url: zm.nullable(zm.string()),
    visibleForUserGroups: zm.array(zm.int()),
    showInQuickAccess: zm.boolean(),
    level: zm.int(),
    position: zm.int(),
    parentId: zm.nullable(zm.int()),
    parentNames: zm.array(ZParentName),
    get children(): zm.ZodMiniArray<typeof ZContentCategory> {
      return zm.array(ZContentCategory);
    },
  }),
  'ContentCategory',
);
export type TContentCategory = z.infer<typeof ZContentCategory>;

export const ZContentCategoryTree = zm.array(ZContentCategory);

const groupIds = z
  .array(zId(CATEGORY_MESSAGES.unknownGroup), {
    error: CATEGORY_MESSAGES.visibilityRequired,
  })
  .min(1, CATEGORY_MESSAGES.visibilityRequired);

/**
 * The category form (SPEC §5). Without `id` a category is created (level 1, position 999 unless given);
 * `parentId` places it under another category; on update a missing `parentId` keeps the parent.
 */
export const ZContentCategoryInput = z
  .object({
    id: ZId.optional(),
    name: z
      .string({ error: CATEGORY_MESSAGES.nameRequired })
      .trim()
      .min(1, CATEGORY_MESSAGES.nameRequired)
      .max(200),
    description: z.string().max(20_000).nullish(),
    type: ZCategoryType,
    url: z.string().trim().max(2000).transform(withWebScheme).nullish(),
    visibleForUserGroups: formList(groupIds),
    showInQuickAccess: z.boolean().default(false),
    parentId: ZId.nullish(),
    level: zWholeNumber({ min: 1, max: 1_000, message: MESSAGES.badRequest }).optional(),
    position: zWholeNumber({ min: 0, max: 1_000_000, message: MESSAGES.badRequest }).optional(),
  })
  .superRefine(
    (values, ctx) => {
      // Runs even when other fields failed, so the form shows every message at once: read defensively.
      const { type, url } = values as { type?: unknown; url?: unknown };
      if (type !== 'url') return;
      const text = typeof url === 'string' ? withWebScheme(url.trim()) : '';
      if (text === '')
        ctx.addIssue({ code: 'custom', message: CATEGORY_MESSAGES.urlRequired, path: ['url'] });
      else if (!isAllowedUrl(text)) {
        ctx.addIssue({ code: 'custom', message: CATEGORY_MESSAGES.urlInvalid, path: ['url'] });
      }
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  );
export type TContentCategoryInput = z.input<typeof ZContentCategoryInput>;
export type TContentCategoryValues = z.output<typeof ZContentCategoryInput>;

/** POST /api/contentCategory/: form (or JSON) with the field `contentCategory` holding the JSON. */
export const ZSaveContentCategoryBody = z.object({ contentCategory: jsonField(ZContentCategoryInput) });

export const ZSaveCategoryTreeBody = z.object({
  contentCategories: jsonField(zTreeInput('ContentCategoryTreeNode')),
});

/** GET /api/contentCategory/formData (SPEC §7). */
export const ZContentCategoryFormData = zm.object({
  types: zm.array(zm.object({ value: ZCategoryType, text: zm.string() })),
  urlType: zm.literal('url'),
  userGroups: zm.array(zm.object({ id: zm.int(), name: zm.string() })),
  defaultUserGroups: zm.array(zm.int()),
});
export type TContentCategoryFormData = z.infer<typeof ZContentCategoryFormData>;

export const ZCategoryIdParams = ZIdParams;
