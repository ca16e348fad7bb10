import { CATEGORY_API, CONTENT_API, type TContentCategory, type TContentItem } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoWorld, type DemoWorld } from '../helpers/world.ts';

let w: DemoWorld;
beforeAll(async () => {
  w = await createDemoWorld();
});
afterAll(() => w.close());

const get = async <T>(url: string, username: string): Promise<T> => w.json<T>(url, await w.login(username));
const names = (nodes: TContentCategory[]): string[] => nodes.flatMap((n) => [n.name, ...names(n.children)]);

describe('the demo content', () => {
  it('should give the demo member a German category tree with links and quick access', async () => {
    const tree = await get<TContentCategory[]>(CATEGORY_API.tree, 'mitglied');
    expect(names(tree)).toEqual([
      'Verbandsinfos',
      'Technik',
      'Normen',
      'Intern',
      'Dienstleistungsangebote',
      'Flachglas (Wikipedia)',
    ]);
    const quick = await get<TContentCategory[]>(CATEGORY_API.quickAccess, 'mitglied');
    expect(quick.map((node) => node.name)).toEqual(['Verbandsinfos', 'Normen', 'Dienstleistungsangebote']);
    expect(tree.find((node) => node.name === 'Dienstleistungsangebote')?.url).toBe(
      '/dienstleistungsangebote',
    );
  });

  it('should show the partner only the partner categories', async () => {
    const tree = await get<TContentCategory[]>(CATEGORY_API.tree, 'partner');
    expect(names(tree)).toEqual(['Verbandsinfos', 'Flachglas (Wikipedia)']);
  });

  it('should hold a price list read from a Windows-1252 CSV', async () => {
    const tree = await get<TContentCategory[]>(CATEGORY_API.tree, 'mitglied');
    const normen = tree.flatMap((node) => node.children).find((node) => node.name === 'Normen');
    const [preisliste] = await get<TContentItem[]>(CONTENT_API.byCategory(normen?.id ?? 0), 'mitglied');
    expect(preisliste).toMatchObject({ title: 'Preisliste Flachglas 2026', csvRowCount: 5 });
    expect(preisliste?.csvContent?.[0]?.[4]).toBe('Preis (€/m²)');
    expect(preisliste?.csvContent?.[5]?.[1]).toBe('Ornamentglas „Chinchilla“');
    expect(preisliste?.csvContent?.[1]?.[6]).toEqual({
      title: 'Datenblatt',
      url: 'https://de.wikipedia.org/wiki/Floatglas',
    });
  });
});
