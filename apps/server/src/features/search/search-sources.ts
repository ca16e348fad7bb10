/**
 * The features' search sources (ARCHITECTURE §7), one per hit type: each says how its documents are written,
 * who may open them and what a hit opens. The index, the search and the rebuild take them from here unless
 * given others; a feature that becomes searchable adds its source to this list.
 */
import { blogSearchSource } from '../blog/index.ts';
import { contentSearchSource } from '../content/index.ts';
import { eventsSearchSource } from '../events/index.ts';
import { forumsSearchSource } from '../forums/index.ts';
import { mediaSearchSource } from '../media/index.ts';

export const SEARCH_SOURCES = [
  blogSearchSource,
  contentSearchSource,
  eventsSearchSource,
  forumsSearchSource,
  mediaSearchSource,
] as const;
