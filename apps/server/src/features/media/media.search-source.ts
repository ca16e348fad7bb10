/**
 * The media library's part of the search (ARCHITECTURE §7): a document per file (its name and original file
 * name, dated by its upload), found by admins, opening the file in its category.
 */
import { APP_PATHS } from '@portal/contract';
import { documentsOf, type SearchSource } from '../../platform/search/search-source.ts';
import { browsesMedia } from './media-visibility.ts';

export const mediaSearchSource: SearchSource = {
  type: 'media',
  kinds: [
    {
      kind: 'media',
      label: 'Mediendateien',
      read: (db, sources) =>
        documentsOf(
          db.selectFrom('mediaFiles').select(['id', 'name', 'originalFilename as body', 'createdAt as date']),
          'id',
          sources,
          ({ id, name, ...file }) => ({ sourceId: id, title: name, ...file }),
        ),
    },
  ],
  async open(db, principal) {
    if (!browsesMedia(principal)) return undefined;
    return {
      visible: 'all',
      // the category from the live file: a move needs no refresh
      async hits(documents) {
        const ids = documents.map((doc) => doc.sourceId);
        const files =
          ids.length === 0
            ? []
            : await db.selectFrom('mediaFiles').select(['id', 'categoryId']).where('id', 'in', ids).execute();
        const categories = new Map(files.map((file) => [file.id, file.categoryId]));
        return new Map(
          documents.flatMap((doc) => {
            const category = categories.get(doc.sourceId);
            if (category === undefined) return [];
            return [[doc.id, { id: doc.sourceId, path: APP_PATHS.mediaFile(category, doc.sourceId) }]];
          }),
        );
      },
    };
  },
};
