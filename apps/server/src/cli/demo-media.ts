import type { Kysely } from 'kysely';
import { createMediaRepository, newPublicToken } from '../features/media/index.ts';
import type { DB } from '../platform/db/schema.ts';
import { newKey, type Storage } from '../platform/storage/storage.ts';
import { sniffUpload, withoutMetadata } from '../platform/uploads/sniff.ts';
import { sha256Hex } from '../platform/uploads/upload-hash.ts';
import { demoAsset } from './demo-assets.ts';

/**
 * More of the demo media library, after seedDemoNews made 'Dokumente' (with 'Merkblatt.pdf') and 'Bilder':
 * sub-categories 'Formulare' and 'Veranstaltungen' and two pictures, so the library shows a tree with counts.
 */
export async function seedDemoMedia(deps: { db: Kysely<DB>; storage: Storage }): Promise<void> {
  const { db, storage } = deps;
  const media = createMediaRepository(db);
  const id = async (name: string) => (await media.categoryByPath([name])) ?? null;
  const documents = await id('Dokumente');
  const pictures = await id('Bilder');
  if (documents === null || pictures === null) return;
  await media.insertCategory(db, { name: 'Formulare', parentId: documents, level: 2, position: 0 });
  const events = await media.insertCategory(db, {
    name: 'Veranstaltungen',
    parentId: pictures,
    level: 2,
    position: 0,
  });
  const files = [
    { asset: 'images/logo.png', name: 'Logo Verband.png', categoryId: pictures, original: 'logo.png' },
    {
      asset: 'images/foto-exif-gps.jpg',
      name: 'Glastage 2025.jpg',
      categoryId: events,
      original: 'glastage-2025.jpg',
    },
  ];
  for (const file of files) {
    const data = await demoAsset(file.asset);
    if (!data) continue;
    const sniffed = await sniffUpload(data, ['png', 'jpeg'], 'demo image');
    const clean = await withoutMetadata(data, sniffed.kind);
    const storageKey = newKey('media', sniffed.extension);
    await storage.put(storageKey, clean);
    await media.insertFile(db, {
      name: file.name,
      categoryId: file.categoryId,
      storageKey,
      originalFilename: file.original,
      mimeType: sniffed.mimeType,
      size: clean.length,
      publicToken: newPublicToken(),
      contentHash: sha256Hex(data),
    });
  }
}
