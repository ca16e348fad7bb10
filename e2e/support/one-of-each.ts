/**
 * One piece of content of every type under one name, through the API, for specs that look at all of them
 * (search, the phone layout): a content category with its items, a blog post, an event, a forum with a
 * thread and a media category with a file. `remove` deletes all of it again.
 */
import { BlogApi, type TPostFixture } from './blog-api.ts';
import type { ContentApi, TCsvFile } from './content-api.ts';
import { EventsApi, HOUR } from './events-api.ts';
import { ForumsApi } from './forums-api.ts';
import { MediaApi } from './media-api.ts';

/** A price list upload: the header line and one line per row, cells separated by `;`. */
export function csvFile(header: string, rows: readonly string[]): TCsvFile {
  return { name: 'preise.csv', content: [header, ...rows].join('\n') };
}

export interface TOneOfEachFixture {
  /** the name of the content category, the forum and the media category */
  name: string;
  /** the category's items, created in this order */
  items: { title: string; preText?: string; csv?: TCsvFile }[];
  post: TPostFixture;
  /** an hour long, starting `startsIn` milliseconds after it is created */
  event: { name: string; startsIn: number };
  /** the thread's first post has `content`; `replies` answers follow it */
  thread: { name: string; content: string; replies?: number };
  /** a file of test-fixtures/ and its name in the library */
  media: { fixture: string; name: string };
}

export class OneOfEach {
  /** Filled step by step, so that `remove` also cleans up after a `create` that failed halfway. */
  readonly ids = { category: 0, items: [] as number[], post: 0, event: 0, forum: 0, thread: 0, media: 0 };
  private readonly fixture: TOneOfEachFixture;

  constructor(fixture: TOneOfEachFixture) {
    this.fixture = fixture;
  }

  async create(admin: ContentApi): Promise<void> {
    const { fixture, ids } = this;
    ids.category = await admin.createCategory({ name: fixture.name });
    for (const { csv, ...item } of fixture.items) {
      ids.items.push(await admin.createItem(ids.category, item, csv));
    }
    ids.post = await admin.with(BlogApi).createPost(fixture.post);
    const start = new Date(Date.now() + fixture.event.startsIn);
    ids.event = await admin
      .with(EventsApi)
      .createEvent({ name: fixture.event.name, start, end: new Date(start.getTime() + HOUR) });
    const forums = admin.with(ForumsApi);
    ids.forum = await forums.createForum(fixture.name);
    const { name, content, replies = 0 } = fixture.thread;
    ids.thread = (await forums.createThread(ids.forum, name, content)).id;
    if (replies > 0) await forums.replies(ids.thread, replies);
    const media = admin.with(MediaApi);
    ids.media = await media.createCategory(fixture.name);
    await media.upload(ids.media, fixture.media.fixture, fixture.media.name);
  }

  async remove(admin: ContentApi): Promise<void> {
    const { fixture, ids } = this;
    await admin.with(ForumsApi).deleteForums([ids.forum]);
    await admin.with(EventsApi).deleteEvents([ids.event]);
    await admin.with(BlogApi).deletePosts([ids.post]);
    await admin.with(MediaApi).removeCategories((node) => node.name === fixture.name);
    await admin.deleteCategories([ids.category]);
  }
}
