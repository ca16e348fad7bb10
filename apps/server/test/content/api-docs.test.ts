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
        '/api/contentCategory/',
        '/api/contentCategory/quickAccess',
        '/api/contentCategory/formData',
        '/api/contentCategory/saveTree/',
        '/api/contentCategory/{id}',
        '/api/content/{categoryId}',
        '/api/content/{id}/rows',
        '/api/content/',
        '/api/content/saveTree/',
        '/api/content/{id}',
      ]),
    );
    expect(paths['/api/content/{categoryId}']?.get?.description).toContain('csvRowCount');
    expect(paths['/api/content/']?.post?.description).toContain('csvFile');
  });
});
