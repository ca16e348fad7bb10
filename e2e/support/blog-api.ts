/**
 * News posts and the dashboard intro through the API, as an admin creates them in the app. Specs create
 * posts with tags of their own (unique per run) and delete them by those tags afterwards.
 */
import { BLOG_API, DASHBOARD_API } from '@portal/contract';
import { ApiClient, type TMultipart, type TUpload } from './api-client.ts';

export interface TPostFixture {
  title: string;
  preText?: string;
  content?: string;
  tags?: string[];
  /** Group names; default: the default groups (Mitglieder, Partner) */
  groups?: string[];
  publishedAt?: string;
  displayOnDashboard?: boolean;
  image?: TUpload;
  /** issue 34: a circular ('Rundschreiben') with PDF attachments and 'Lesebestätigung anfordern' */
  circular?: boolean;
  confirmationRequired?: boolean;
  /** 'Bestätigen bis', YYYY-MM-DD */
  confirmBy?: string;
  attachments?: TUpload[];
  /** an update of a circular: 'Änderung erneut bestätigen lassen' */
  reconfirm?: boolean;
}

interface TBlogFormData {
  userGroups: { id: number; name: string }[];
  defaultUserGroups: number[];
}

export class BlogApi extends ApiClient {
  /** Creates a post (published a minute ago unless told otherwise); returns its id. */
  createPost(fixture: TPostFixture): Promise<number> {
    return this.savePost(undefined, fixture);
  }

  /** Saves post `id` with these values, as the admin's form does (attachments kept). */
  async updatePost(id: number, fixture: TPostFixture): Promise<void> {
    await this.savePost(id, fixture);
  }

  private async savePost(id: number | undefined, fixture: TPostFixture): Promise<number> {
    const { userGroups, defaultUserGroups } = await this.get<TBlogFormData>(BLOG_API.formData);
    const groupIds = fixture.groups
      ? fixture.groups.map((name) => userGroups.find((group) => group.name === name)?.id ?? -1)
      : defaultUserGroups;
    const blog = {
      ...(id === undefined ? {} : { id }),
      title: fixture.title,
      preText: fixture.preText ?? `<p>Einleitung zu ${fixture.title}</p>`,
      content: fixture.content ?? `<p>Inhalt von ${fixture.title}</p>`,
      tags: fixture.tags ?? [],
      visibleForUserGroups: groupIds,
      publishedAt: fixture.publishedAt ?? new Date(Date.now() - 60_000).toISOString(),
      displayOnDashboard: fixture.displayOnDashboard ?? true,
      ...(fixture.circular
        ? {
            circular: true,
            confirmationRequired: fixture.confirmationRequired ?? false,
            confirmBy: fixture.confirmBy ?? null,
            ...(fixture.reconfirm === undefined ? {} : { reconfirm: fixture.reconfirm }),
          }
        : {}),
    };
    const multipart: TMultipart = { blog: JSON.stringify(blog) };
    if (fixture.image) multipart.image = fixture.image;
    for (const [index, file] of (fixture.attachments ?? []).entries())
      multipart[`attachments[${index}]`] = file;
    return (await this.postForm<{ id: number }>(BLOG_API.save, multipart)).id;
  }

  /** Deletes the posts with any of these tags. */
  async deletePostsTagged(...tags: string[]): Promise<void> {
    for (const tag of tags) await this.deletePosts(await this.postIdsTagged(tag));
  }

  /** Ids of the posts with a tag (every page of the plain list and of FMK-Intern). */
  private async postIdsTagged(tag: string): Promise<number[]> {
    const ids: number[] = [];
    for (const ceo of [false, true]) {
      for (let page = 1; ; page += 1) {
        const query = new URLSearchParams({ tag, page: String(page), ...(ceo ? { ceo: 'true' } : {}) });
        const { items } = await this.get<{ items: { id: number }[] }>(`${BLOG_API.list}?${query}`);
        if (items.length === 0) break;
        ids.push(...items.map((item) => item.id));
      }
    }
    return [...new Set(ids)];
  }

  /** Deletes posts; missing ones are fine. */
  async deletePosts(ids: readonly number[]): Promise<void> {
    for (const id of ids) await this.delete(BLOG_API.byId(id), { expect: [204, 404] });
  }

  /** The members' intro text (as an admin reads it). */
  async intro(): Promise<string> {
    return (await this.get<{ html: string }>(DASHBOARD_API.intro)).html;
  }

  /** The partners' welcome text (issue 31), as an admin reads it. */
  async partnerIntro(): Promise<string> {
    return (await this.get<{ partnerHtml: string }>(DASHBOARD_API.intro)).partnerHtml;
  }

  async saveIntro(html: string, audience: 'members' | 'partners' = 'members'): Promise<void> {
    await this.put(DASHBOARD_API.intro, { html, audience });
  }
}
