import {
  CATEGORY_API,
  ZApiError,
  ZCategoryIdParams,
  ZContentCategory,
  ZContentCategoryFormData,
  ZContentCategoryTree,
  ZSaveCategoryTreeBody,
  ZSaveContentCategoryBody,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf, requireRole } from '../../platform/auth/guards.ts';
import { ROUTE_ERRORS } from '../../platform/http/errors.ts';
import type { CategoriesService } from './categories.service.ts';

/** The content feature comes in from app.ts, so that categories never import it (content imports categories). */
export interface CategoriesRoutesOptions {
  categories: CategoriesService;
}

const tags = ['contentCategory'];

/**
 * Content categories of SPEC §7. The drawer tree and quick access show on every page, the dashboard of a
 * partner included, so every logged-in role reads them; one category by id belongs to the content page
 * (ROLE_USER); everything that writes, and the form data, is for admins. Hidden categories answer 404.
 */
export const categoriesRoutes: FastifyPluginAsyncZod<CategoriesRoutesOptions> = async (app, opts) => {
  const service = opts.categories;
  const anyMember = requireRole('ROLE_PARTNER');
  const user = requireRole('ROLE_USER');
  const admin = requireRole('ROLE_ADMIN');

  app.route({
    method: 'GET',
    url: CATEGORY_API.tree,
    onRequest: anyMember,
    schema: { tags, response: { 200: ZContentCategoryTree, ...ROUTE_ERRORS } },
    handler: (request) => service.tree(principalOf(request)),
  });

  app.route({
    method: 'GET',
    url: CATEGORY_API.quickAccess,
    onRequest: anyMember,
    schema: {
      tags,
      description:
        'Visible categories with showInQuickAccess, in tree order, each with `children: []`; content pages only for ' +
        'ROLE_USER and above (a partner cannot open them).',
      response: { 200: ZContentCategoryTree, ...ROUTE_ERRORS },
    },
    handler: (request) => service.quickAccess(principalOf(request)),
  });

  app.route({
    method: 'GET',
    url: CATEGORY_API.formData,
    onRequest: admin,
    schema: { tags, response: { 200: ZContentCategoryFormData, ...ROUTE_ERRORS } },
    handler: () => service.formData(),
  });

  app.route({
    method: 'GET',
    url: CATEGORY_API.byId.pattern,
    onRequest: user,
    schema: {
      tags,
      params: ZCategoryIdParams,
      description: 'One category with its visible sub-categories and `parentNames` (ancestors, root first).',
      response: { 200: ZContentCategory, ...ROUTE_ERRORS },
    },
    handler: (request) => service.byId(principalOf(request), request.params.id),
  });

  app.route({
    method: 'POST',
    url: CATEGORY_API.tree,
    onRequest: admin,
    schema: {
      tags,
      description:
        'Creates (without id) or updates a category from the form field `contentCategory` (JSON). ' +
        'Defaults: position 999; the level follows from `parentId` (root: 1). Returns the whole tree.',
      body: ZSaveContentCategoryBody,
      response: { 200: ZContentCategoryTree, ...ROUTE_ERRORS },
    },
    handler: (request) => service.save(principalOf(request), request.body.contentCategory),
  });

  app.route({
    method: 'POST',
    url: CATEGORY_API.saveTree,
    onRequest: admin,
    schema: {
      tags,
      description:
        'Form field `contentCategories` (JSON): the tree after a drag, as nodes `{ id, children }`. The nesting ' +
        'sets the parent, the order of each array the position (0, 1, …); levels follow. Categories left out ' +
        'keep their place. Unknown or repeated ids answer 400. Returns the whole tree.',
      body: ZSaveCategoryTreeBody,
      response: { 200: ZContentCategoryTree, ...ROUTE_ERRORS },
    },
    handler: (request) => service.saveTree(principalOf(request), request.body.contentCategories),
  });

  app.route({
    method: 'DELETE',
    url: CATEGORY_API.byId.pattern,
    onRequest: admin,
    schema: {
      tags,
      params: ZCategoryIdParams,
      description:
        'Deletes a category and its content items that are filed under no other category. 409 while it has ' +
        'sub-categories. Returns the whole tree.',
      response: { 200: ZContentCategoryTree, ...ROUTE_ERRORS, 409: ZApiError },
    },
    handler: (request) => service.remove(principalOf(request), request.params.id),
  });
};
