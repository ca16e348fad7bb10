import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Operation {
  tags?: string[];
  description?: string;
  parameters?: { name: string; in: string }[];
  requestBody?: unknown;
  responses?: Record<string, unknown>;
}

describe('OpenAPI of the administration', () => {
  it('should describe every members, groups and audit route under the admin tag', async () => {
    const response = await t.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const { paths } = response.json<{ paths: Record<string, Record<string, Operation>> }>();
    const operations = Object.entries(paths)
      .filter(([path]) => /^\/api\/admin\/(members|groups|audit)/.test(path))
      .flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, op]) => [`${method} ${path}`, op] as const),
      );
    expect(operations.map(([name]) => name).sort()).toEqual(
      expect.arrayContaining([
        'get /api/admin/members',
        'post /api/admin/members',
        'get /api/admin/members.csv',
        'get /api/admin/members/{id}',
        'patch /api/admin/members/{id}',
        'get /api/admin/groups',
        'post /api/admin/groups',
        'patch /api/admin/groups/{id}',
        'delete /api/admin/groups/{id}',
        'get /api/admin/groups/{id}/usage',
        'get /api/admin/audit',
      ]),
    );
    for (const [name, op] of operations) {
      if (name === 'delete /api/admin/members/{id}') continue; // the privacy feature's erasure
      expect(op.tags, name).toEqual(['admin']);
      expect(op.description?.length, name).toBeGreaterThan(40);
      expect(Object.keys(op.responses ?? {}), name).toEqual(expect.arrayContaining(['400', '401', '403']));
    }
    const query = (name: string) => paths[name]?.get?.parameters?.map((p) => p.name).sort();
    expect(query('/api/admin/members')).toEqual([
      'company',
      'disabled',
      'group',
      'page',
      'q',
      'role',
      'sort',
    ]);
    expect(query('/api/admin/audit')).toEqual(['actor', 'before', 'from', 'kind', 'to']);
    expect(paths['/api/admin/members']?.post?.requestBody).toBeDefined();
  });
});
