import type { TContentCategory, TContentItem } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../src/cli/demo-data.ts';
import { bearer, login } from '../helpers/factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const { app } = t;
  expect(
    await seedDemoData(app.accounts, { db: app.database.db, storage: app.storage, signer: app.signer }),
  ).toBe(true);
});
afterAll(() => t.close());

const get = async <T>(url: string, username: string): Promise<T> => {
  const response = await t.app.inject({ url, headers: bearer(await login(t.app, username)) });
  expect(response.statusCode).toBe(200);
  return response.json<T>();
};
const names = (nodes: TContentCategory[]): string[] => nodes.flatMap((n) => [n.name, ...names(n.children)]);

describe('the demo content', () => {
  it('should give the demo member a German category tree with links and quick access', async () => {
    const tree = await get<TContentCategory[]>('/api/contentCategory/', 'mitglied');
    expect(names(tree)).toEqual([
      'Verbandsinfos',
      'Technik',
      'Normen',
      'Intern',
      'Dienstleistungsangebote',
      'Flachglas (Wikipedia)',
    ]);
    const quick = await get<TContentCategory[]>('/api/contentCategory/quickAccess', 'mitglied');
    expect(quick.map((node) => node.name)).toEqual(['Verbandsinfos', 'Normen', 'Dienstleistungsangebote']);
    expect(tree.find((node) => node.name === 'Dienstleistungsangebote')?.url).toBe(
      '/dienstleistungsangebote',
    );
  });

  it('should show the partner only the partner categories', async () => {
    const tree = await get<TContentCategory[]>('/api/contentCategory/', 'partner');
    expect(names(tree)).toEqual(['Verbandsinfos', 'Flachglas (Wikipedia)']);
  });

  it('should hold a price list read from a Windows-1252 CSV', async () => {
    const tree = await get<TContentCategory[]>('/api/contentCategory/', 'mitglied');
    const normen = tree.flatMap((node) => node.children).find((node) => node.name === 'Normen');
    const [preisliste] = await get<TContentItem[]>(`/api/content/${normen?.id}`, 'mitglied');
    expect(preisliste).toMatchObject({ title: 'Preisliste Flachglas 2026', csvRowCount: 5 });
    expect(preisliste?.csvContent?.[0]?.[4]).toBe('Preis (€/m²)');
    expect(preisliste?.csvContent?.[5]?.[1]).toBe('Ornamentglas „Chinchilla“');
    expect(preisliste?.csvContent?.[1]?.[6]).toEqual({
      title: 'Datenblatt',
      url: 'https://de.wikipedia.org/wiki/Floatglas',
    });
  });
});
