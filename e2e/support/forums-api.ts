/**
 * Forum test data through the API (SPEC §7 Forums), as members and admins create it in the app. Specs make
 * their own forum with a unique name and delete it afterwards, which removes its threads, posts and files.
 */
import { FORUM_API } from '@portal/contract';
import { ApiClient, type TMultipart, type TUpload } from './api-client.ts';

export interface TThreadPage {
  id: number;
  forumId: number;
  name: string;
  postCount: number;
  pageCount: number;
  posts: { id: number; content: string; first: boolean; author: { username: string } | null }[];
}

export class ForumsApi extends ApiClient {
  async createForum(name: string, description = `<p>Beschreibung von ${name}</p>`): Promise<number> {
    const forum = JSON.stringify({ name, description });
    return (await this.postForm<{ id: number }>(FORUM_API.save, { forum })).id;
  }

  /** Deletes forums with everything in them; missing ones are fine. */
  async deleteForums(ids: readonly number[]): Promise<void> {
    for (const id of ids) await this.delete(FORUM_API.byId(id), { expect: [204, 404] });
  }

  async forumIdByName(name: string): Promise<number | undefined> {
    const forums = await this.get<{ id: number; name: string }[]>(FORUM_API.list);
    return forums.find((forum) => forum.name === name)?.id;
  }

  /** Starts a thread (its first post has `content`); answers its first page. */
  createThread(forumId: number, name: string, content: string, files: TUpload[] = []): Promise<TThreadPage> {
    const multipart: TMultipart = {
      forumThread: JSON.stringify({ name, content }),
      forumId: String(forumId),
    };
    files.forEach((file, index) => {
      multipart[`forumPostMedia[${index}]`] = file;
    });
    return this.postForm<TThreadPage>(FORUM_API.saveThread, multipart);
  }

  async reply(threadId: number, content: string): Promise<number> {
    const multipart = { forumPost: JSON.stringify({ content }), forumThreadId: String(threadId) };
    return (await this.postForm<{ id: number }>(FORUM_API.savePost, multipart)).id;
  }

  /** `count` replies 'Antwort {n}', sent `parallel` at a time (a 2,000-post thread takes a while otherwise). */
  async replies(threadId: number, count: number, parallel = 50, from = 1): Promise<void> {
    for (let start = 0; start < count; start += parallel) {
      const batch = Array.from({ length: Math.min(parallel, count - start) }, (_unused, offset) =>
        this.reply(threadId, `<p>Antwort ${from + start + offset}</p>`),
      );
      await Promise.all(batch);
    }
  }

  thread(threadId: number, page: number | 'last' = 1): Promise<TThreadPage> {
    return this.get<TThreadPage>(`${FORUM_API.thread(threadId)}?page=${page}`);
  }
}
