import { CATEGORY_API, CONTENT_API } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('OpenAPI of categories and content', () => {
  it('should describe every category and content endpoint, the row pages included', async () => {
    const response = await t.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const { paths } = response.json<{ paths: Record<string, Record<string, { description?: string }>> }>();
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        CATEGORY_API.tree,
        CATEGORY_API.quickAccess,
        CATEGORY_API.formData,
        CATEGORY_API.saveTree,
        '/api/contentCategory/{id}',
        '/api/content/{categoryId}',
        '/api/content/{id}/rows',
        CONTENT_API.save,
        '/api/content/saveTree/',
        '/api/content/{id}',
      ]),
    );
    expect(paths['/api/content/{categoryId}']?.get?.description).toContain('csvRowCount');
    expect(paths[CONTENT_API.save]?.post?.description).toContain('csvFile');
  });
});
