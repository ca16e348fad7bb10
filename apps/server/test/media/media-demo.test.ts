import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { autoMediaName, MEDIA_API, type TMediaCategory, type TMediaFileMap } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoWorld, type DemoWorld } from '../helpers/world.ts';

let w: DemoWorld;
beforeAll(async () => {
  w = await createDemoWorld();
});
afterAll(() => w.close());

const summary = (nodes: readonly TMediaCategory[]): string[] =>
  nodes.flatMap((node) => [
    `${node.name} (${node.mediaCount})`,
    ...summary(node.children).map((s) => `- ${s}`),
  ]);

describe('the demo media library', () => {
  it('should show a tree with sub-categories, counts and a picture served at its public address', async () => {
    const headers = await w.login('admin');
    const tree = await w.app.inject({ url: MEDIA_API.categories, headers });
    expect(tree.statusCode).toBe(200);
    expect(summary(tree.json())).toEqual([
      'Dokumente (1)',
      '- Formulare (0)',
      'Bilder (1)',
      '- Veranstaltungen (1)',
    ]);
    const pictures = tree.json<TMediaCategory[]>()[1];
    const files = await w.app.inject({ url: MEDIA_API.file(pictures?.id ?? 0), headers });
    const [logo] = Object.values(files.json<TMediaFileMap>());
    expect(logo).toMatchObject({ name: 'Logo Verband.png', mimeType: 'image/png' });
    expect((await w.app.inject({ url: logo?.publicPath ?? '' })).statusCode).toBe(200);
  });
});

describe('autoMediaName (SPEC §5, shared with the web form)', () => {
  const file = path.resolve(
    path.dirname(fileURLToPath(import.meta.url)),
    '../../../../test-fixtures/autoname-cases.json',
  );
  const { cases } = JSON.parse(readFileSync(file, 'utf8')) as { cases: { file: string; name: string }[] };
  it.each(cases)('should name $file as $name', ({ file: fileName, name }) => {
    expect(autoMediaName(fileName)).toBe(name);
  });
});
