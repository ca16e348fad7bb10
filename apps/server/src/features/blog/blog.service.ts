import {
  BLOG_MESSAGES,
  BLOG_PAGE_SIZE,
  BREAKING_NEWS_REPEAT_MINUTES,
  CIRCULAR_ATTACHMENTS_MAX,
  hasRole,
  personName,
  type TAppAddresses,
  type TBlog,
  type TBlogFormData,
  type TBlogPage,
  type TBlogValues,
  type TBreakingNewsResult,
} from '@portal/contract';
import type { Kysely } from 'kysely';
import type { Principal } from '../../platform/auth/principal.ts';
import type { Executor } from '../../platform/db/executor.ts';
import type { DB } from '../../platform/db/schema.ts';
import { requiredRichText } from '../../platform/html/rich-text.ts';
import { badRequest, conflict, HttpError, notFound } from '../../platform/http/errors.ts';
import type { MailOutbox } from '../../platform/mail/mail-outbox.ts';
import type { MailWorker } from '../../platform/mail/mail-worker.ts';
import type { FileStore } from '../../platform/storage/file-store.ts';
import type { UrlSigner } from '../../platform/storage/signed-url.ts';
import { bodySize, newKey } from '../../platform/storage/storage.ts';
import { storedFileName, type UploadedFile, uploadBody } from '../../platform/uploads/multipart-file.ts';
import { pictureAfterSave, preparePicture } from '../../platform/uploads/picture.ts';
import { sniffUpload } from '../../platform/uploads/sniff.ts';
import type { AccountsService } from '../accounts/index.ts';
import type { SearchIndex } from '../search/index.ts';
import { type BlogFilter, type BlogPostRow, createBlogRepository } from './blog.repository.ts';
import { auditBreakingNews, auditPostDelete, auditPostSave, type PostState } from './blog-audit.ts';
import { ALL_POSTS, type ListCounts } from './blog-lists.ts';
import { breakingNewsMail } from './breaking-news-mail.ts';
import { berlinYear, createCirculars } from './circulars.service.ts';
import { postReaders } from './post-visibility.ts';

export interface BlogFeatureDeps {
  db: Kysely<DB>;
  storage: FileStore;
  signer: UrlSigner;
  accounts: Pick<AccountsService, 'listGroups' | 'reachableMembersOf'>;
  outbox: MailOutbox;
  mailWorker: Pick<MailWorker, 'notify'>;
  /** for the link in the breaking-news mail */
  addresses: TAppAddresses;
  search: SearchIndex;
}

const field = (name: string) => `blog.${name}`;

export function createBlogService(deps: BlogFeatureDeps) {
  const { db, storage, signer, accounts, outbox, search } = deps;
  const repo = createBlogRepository(db);
  const circulars = createCirculars({ db, outbox, addresses: deps.addresses, blogRepo: repo });

  /**
   * The posts as the contract's Blog. `personal`: with the reader's own confirmation and, for admins, the
   * counts; the lists and the dashboard's posts are kept per audience (answer cache), so they carry neither
   * (decision 0161): the web marks them from GET /api/blog/toConfirm.
   */
  async function present(
    principal: Principal,
    rows: readonly BlogPostRow[],
    now = new Date(),
    personal = false,
  ): Promise<TBlog[]> {
    const ids = rows.map((row) => row.id);
    const [groups, tags, attachments] = await Promise.all([
      repo.groupsOf(ids),
      repo.tagsOfPosts(ids),
      repo.attachmentsOf(ids),
    ]);
    const circularFields = await circulars.fieldsOf(principal, personal ? rows : [], groups);
    // people's faces, as their pages, are for members: partners see the name alone (decision 0185)
    const seesPhotos = hasRole(principal.roles, 'ROLE_USER');
    return rows.map((row) => {
      const publishedAt = row.publishedAt;
      return {
        id: row.id,
        title: row.title,
        preText: row.preText,
        content: row.content,
        image: row.imageKey ? signer.sign(row.imageKey) : null,
        imagePath: row.imageKey ? row.imageName : null,
        visibleForUserGroups: groups.get(row.id) ?? [],
        publishedAt: publishedAt.toISOString(),
        displayOnDashboard: row.displayOnDashboard,
        tags: tags.get(row.id) ?? [],
        author:
          row.authorName && row.authorId !== null
            ? {
                username: row.authorName,
                id: row.authorId,
                name: personName({
                  username: row.authorName,
                  firstName: row.authorFirstName,
                  lastName: row.authorLastName,
                }),
                photo: seesPhotos && row.authorPhotoKey ? signer.sign(row.authorPhotoKey) : null,
              }
            : null,
        scheduled: publishedAt.getTime() > now.getTime(),
        attachments: (attachments.get(row.id) ?? []).map((file) => ({
          id: file.id,
          name: file.fileName,
          size: file.size,
          url: signer.sign(file.storageKey, { name: file.fileName }),
        })),
        ...circularFields(row),
      };
    });
  }

  /** The groups by id, for the names in the audit log. */
  async function groupNames(): Promise<Map<number, string>> {
    return new Map((await accounts.listGroups()).map((group) => [group.id, group.name]));
  }

  /** A stored post as the audit log compares it, read in the transaction. */
  async function stateOf(trx: Executor, post: BlogPostRow): Promise<PostState> {
    const groups = await repo.groupsOf([post.id], trx);
    const tags = await repo.tagsOfPosts([post.id], trx);
    const attachments = await repo.attachmentsOf([post.id], trx);
    return {
      ...post,
      groupIds: groups.get(post.id) ?? [],
      tags: tags.get(post.id) ?? [],
      attachmentNames: (attachments.get(post.id) ?? []).map((file) => file.fileName),
    };
  }

  function checkGroups(ids: readonly number[], known: ReadonlyMap<number, string>): number[] {
    if (ids.some((id) => !known.has(id))) {
      throw badRequest(BLOG_MESSAGES.unknownGroup, {
        [field('visibleForUserGroups')]: BLOG_MESSAGES.unknownGroup,
      });
    }
    return [...new Set(ids)].sort((a, b) => a - b);
  }

  /**
   * A circular's fields as they are saved: only a circular asks for confirmation, and then with a date; only a
   * circular has attachments.
   */
  function checkCircular(input: TBlogValues, existing: BlogPostRow | undefined, files: number) {
    const wasCircular = existing !== undefined && existing.circularNumber !== null;
    if (wasCircular && input.circular === false) {
      throw badRequest(BLOG_MESSAGES.circularStays, { [field('circular')]: BLOG_MESSAGES.circularStays });
    }
    const circular = input.circular ?? wasCircular;
    if (!circular && files > 0) {
      throw badRequest(BLOG_MESSAGES.attachmentsOnlyCircular, {
        [field('attachments')]: BLOG_MESSAGES.attachmentsOnlyCircular,
      });
    }
    if (files > CIRCULAR_ATTACHMENTS_MAX) {
      throw badRequest(BLOG_MESSAGES.tooManyAttachments, {
        [field('attachments')]: BLOG_MESSAGES.tooManyAttachments,
      });
    }
    const confirmationRequired =
      circular && (input.confirmationRequired ?? existing?.confirmationRequired ?? false);
    const confirmBy = input.confirmBy === undefined ? (existing?.confirmBy ?? null) : input.confirmBy;
    if (confirmationRequired && !confirmBy) {
      throw badRequest(BLOG_MESSAGES.confirmByRequired, {
        [field('confirmBy')]: BLOG_MESSAGES.confirmByRequired,
      });
    }
    return { circular, confirmationRequired, confirmBy: confirmationRequired ? confirmBy : null };
  }

  /** PDF by content (415 otherwise), stored as they came; nothing is stored yet. */
  async function prepareAttachments(uploads: readonly UploadedFile[], kept: number) {
    const prepared = [];
    for (const [index, upload] of uploads.entries()) {
      const kind = await sniffUpload(upload, ['pdf'], BLOG_MESSAGES.attachmentType);
      const body = uploadBody(upload);
      prepared.push({
        storageKey: newKey('blog', kind.extension),
        body,
        fileName: storedFileName(upload.filename, kind.extension, `anhang-${kept + index + 1}`),
        size: bodySize(body),
      });
    }
    return prepared;
  }

  /**
   * In the save's transaction: a new circular gets the next number of its publication's year (Berlin) and
   * its first version; a changed one keeps its number and, with `reconfirm`, a new version that confirmations
   * must count for (the earlier ones stay as history), else its current version's texts are updated.
   */
  async function circularSave(
    trx: Executor,
    postId: number,
    current: BlogPostRow | undefined,
    texts: { title: string; preText: string; content: string },
    reconfirm: boolean,
    publishedAt: Date,
  ): Promise<void> {
    const now = new Date();
    if (!current || current.circularNumber === null) {
      const year = berlinYear(publishedAt);
      const number = await circulars.repo.nextNumber(trx, year);
      await trx
        .updateTable('blogPosts')
        .set({ circularYear: year, circularNumber: number, circularVersion: 1 })
        .where('id', '=', postId)
        .execute();
      await circulars.repo.saveVersion(trx, postId, 1, texts, now);
      return;
    }
    const version = reconfirm ? current.circularVersion + 1 : current.circularVersion;
    if (reconfirm) {
      await trx.updateTable('blogPosts').set({ circularVersion: version }).where('id', '=', postId).execute();
    }
    await circulars.repo.saveVersion(trx, postId, version, texts, now);
  }

  /** png or jpeg by content (415 otherwise), without EXIF; nothing is stored yet. */
  const service = {
    /**
     * GET /api/blog/: one page, newest first, with the total and the tags in use in this list. The list
     * (`ceo`: FMK-Intern, decision 0024) is that of the audiences (group sets) shown to one of the list's
     * groups that are (not) internal, the member's or, for admins, all; its total and tags are the kept
     * counts of blog-lists.ts, its page comes from a narrow index (decision 0087).
     */
    async list(
      principal: Principal,
      query: { page: number; tag?: string | undefined; ceo: boolean; rundschreiben?: boolean },
    ) {
      const now = new Date();
      if (query.rundschreiben) return service.circularList(principal, query, now);
      const { groupIds, publishedBy } = postReaders(principal, now);
      const audiences = await repo.audiences(
        groupIds === 'all'
          ? { internal: query.ceo }
          : {
              ids: principal.groups
                .filter((group) => groupIds.includes(group.id) && group.internal === query.ceo)
                .map((group) => group.id),
            },
      );
      const tag = query.tag === '' ? undefined : query.tag;
      const list = { audiences, publishedBy, tag };
      const offset = (query.page - 1) * BLOG_PAGE_SIZE;
      let counts: ListCounts;
      let rows: BlogPostRow[];
      if (query.page === 1) {
        [counts, rows] = await Promise.all([
          repo.listCounts(audiences.included, publishedBy),
          repo.page(list, 0, BLOG_PAGE_SIZE),
        ]);
      } else {
        // a page in the older half is counted from the oldest end: fewer index entries to step over
        counts = await repo.listCounts(audiences.included, publishedBy);
        const total = counts.get(tag ?? ALL_POSTS) ?? 0;
        const fromOldest = total - offset - BLOG_PAGE_SIZE;
        rows =
          fromOldest > offset
            ? await repo.page(list, offset, BLOG_PAGE_SIZE)
            : await repo.page(
                list,
                Math.max(0, fromOldest),
                BLOG_PAGE_SIZE + Math.min(0, fromOldest),
                'oldest',
              );
      }
      return {
        items: await present(principal, rows, now),
        total: counts.get(tag ?? ALL_POSTS) ?? 0,
        page: query.page,
        pageSize: BLOG_PAGE_SIZE,
        tags: [...counts.keys()].filter((name) => name !== ALL_POSTS),
      } satisfies TBlogPage;
    },

    /**
     * GET /api/blog/?rundschreiben=true: the circulars the principal may read, of both kinds of group, newest
     * first. Circulars are a few dozen a year: counted and paged from the posts themselves.
     */
    async circularList(principal: Principal, query: { page: number; tag?: string | undefined }, now: Date) {
      const tag = query.tag === '' ? undefined : query.tag;
      const filter: BlogFilter = { readers: postReaders(principal, now), circularOnly: true };
      const [rows, total, tags] = await Promise.all([
        repo.list({ ...filter, tag }, (query.page - 1) * BLOG_PAGE_SIZE, BLOG_PAGE_SIZE),
        repo.count({ ...filter, tag }),
        repo.tagsOf(filter),
      ]);
      return {
        items: await present(principal, rows, now),
        total,
        page: query.page,
        pageSize: BLOG_PAGE_SIZE,
        tags,
      } satisfies TBlogPage;
    },

    /** GET /api/blog/toConfirm: the circulars the member still has to confirm ('Zu bestätigen'). */
    async toConfirm(principal: Principal): Promise<TBlog[]> {
      const now = new Date();
      const ids = await circulars.toConfirmIds(principal, now);
      if (ids.length === 0) return [];
      const rows = await repo.byIds(ids);
      const order = new Map(ids.map((id, index) => [id, index]));
      rows.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
      return present(principal, rows, now, true);
    },

    confirm: (principal: Principal, id: number) => circulars.confirm(principal, id),
    confirmations: (id: number) => circulars.confirmations(id),
    confirmationsCsv: (id: number) => circulars.confirmationsCsv(id),
    remindNow: (principal: Principal, id: number) => circulars.remindNow(principal, id),
    /** the reminder job's run (circular-reminders.ts) */
    runReminders: (now: Date) => circulars.runReminders(now),

    /** One post the principal may read; a hidden, missing or (for members) scheduled post is 404. */
    async byId(principal: Principal, id: number): Promise<TBlog> {
      const now = new Date();
      const rows = await repo.list({ readers: postReaders(principal, now), id }, 0, 1);
      const [post] = await present(principal, rows, now, true);
      if (!post) throw notFound(BLOG_MESSAGES.notFound);
      return post;
    },

    /** GET /api/blog/count/{max}: the newest published posts for the dashboard. */
    async latest(principal: Principal, max: number): Promise<TBlog[]> {
      const now = new Date();
      const readers = postReaders(principal, now, { publishedOnly: true });
      const filter: BlogFilter = { readers, dashboardOnly: true };
      return present(principal, await repo.list(filter, 0, max), now);
    },

    async formData(options: { keyed: boolean; ceo?: boolean | undefined }): Promise<TBlogFormData> {
      const groups = await accounts.listGroups();
      const tagGroups: BlogFilter['groups'] =
        options.ceo === undefined
          ? undefined
          : { ids: groups.filter((g) => g.internal === options.ceo).map((g) => g.id) };
      const userGroups = groups.map((group) => ({ id: group.id, name: group.name }));
      return {
        userGroups: options.keyed
          ? Object.fromEntries(userGroups.map((group) => [String(group.id), group]))
          : userGroups,
        defaultUserGroups: groups.filter((group) => group.isDefault).map((group) => group.id),
        tags: await repo.tagsOf({ groups: tagGroups }),
      };
    },

    /**
     * Creates or updates a post. Everything is checked before anything is written; storage.commit stores
     * the picture and runs the transaction: a failed save removes it again, a replaced picture goes after the
     * commit.
     */
    async save(
      principal: Principal,
      input: TBlogValues,
      upload?: UploadedFile,
      attachmentUploads: readonly UploadedFile[] = [],
    ): Promise<TBlog> {
      const texts = {
        title: input.title,
        preText: await requiredRichText(input.preText, field('preText'), BLOG_MESSAGES.preTextRequired),
        content: await requiredRichText(input.content, field('content'), BLOG_MESSAGES.contentRequired),
      };
      const names = await groupNames();
      const groupIds = checkGroups(input.visibleForUserGroups, names);
      const existing = input.id === undefined ? undefined : await repo.find(db, input.id);
      if (input.id !== undefined && !existing) throw notFound(BLOG_MESSAGES.notFound);
      const keptFiles =
        input.attachments ??
        (existing
          ? ((await repo.attachmentsOf([existing.id])).get(existing.id) ?? []).map((file) => file.id)
          : []);
      const circular = checkCircular(input, existing, keptFiles.length + attachmentUploads.length);
      const image = upload ? await preparePicture(upload, 'blog', BLOG_MESSAGES.imageType) : undefined;
      const newAttachments = await prepareAttachments(attachmentUploads, keptFiles.length);

      const files = [
        ...(image ? [image] : []),
        ...newAttachments.map((file) => ({ key: file.storageKey, body: file.body })),
      ];
      const id = await storage.commit(files, async (trx) => {
        const current = input.id === undefined ? undefined : await repo.find(trx, input.id);
        if (input.id !== undefined && !current) throw notFound(BLOG_MESSAGES.notFound);
        const picture = pictureAfterSave(image, current, input.image === null);
        const values = {
          ...texts,
          ...picture,
          publishedAt: new Date(input.publishedAt),
          displayOnDashboard: input.displayOnDashboard,
          confirmationRequired: circular.confirmationRequired,
          confirmBy: circular.confirmBy,
        };
        const before = current && (await stateOf(trx, current));
        const postId = current ? current.id : await repo.insert(trx, { ...values, authorId: principal.id });
        if (current) await repo.update(trx, postId, values);
        if (circular.circular)
          await circularSave(trx, postId, current, texts, input.reconfirm ?? false, values.publishedAt);
        const dropped = await repo.replaceAttachments(
          trx,
          postId,
          keptFiles,
          newAttachments.map(({ storageKey, fileName, size }) => ({ storageKey, fileName, size })),
        );
        await repo.replaceGroups(trx, postId, groupIds);
        await repo.replaceTags(trx, postId, input.tags);
        await search.refresh(trx, { kind: 'blog', id: postId });
        const saved = await repo.find(trx, postId);
        if (!saved) throw notFound(BLOG_MESSAGES.notFound);
        const after = await stateOf(trx, saved);
        await auditPostSave(trx, principal, postId, { before, after }, names);
        // the members a circular asks to confirm hear of it in the notification centre (issue 37)
        await circulars.noticePending(trx, saved, new Date());
        const replaced = current && current.imageKey !== picture.imageKey ? current.imageKey : null;
        return { result: postId, replaced: [replaced, ...dropped] };
      });
      return service.byId(principal, id);
    },

    /** Deletes the post; its picture goes once the deletion has committed. */
    async remove(principal: Principal, id: number): Promise<void> {
      const names = await groupNames();
      const key = await db.transaction().execute(async (trx) => {
        const post = await repo.find(trx, id);
        if (!post) throw notFound(BLOG_MESSAGES.notFound);
        await auditPostDelete(trx, principal, id, await stateOf(trx, post), names);
        const attachments = (await repo.attachmentsOf([id], trx)).get(id) ?? [];
        await repo.delete(trx, id);
        await search.remove(trx, 'blog', [id]);
        if (post.circularNumber !== null) await circulars.withdrawNotices(trx, id);
        return [post.imageKey, ...attachments.map((file) => file.storageKey)];
      });
      await storage.discard(key);
    },

    /**
     * Queues one breaking-news mail per member who may see the post and has an address, then returns; the
     * mail worker sends them. Refused for a scheduled post, while the previous one is still being sent, and
     * within BREAKING_NEWS_REPEAT_MINUTES of the previous one (a second press must not mail everyone again).
     */
    async breakingNews(principal: Principal, id: number): Promise<TBreakingNewsResult> {
      const post = await repo.find(db, id);
      if (!post) throw notFound(BLOG_MESSAGES.notFound);
      if (post.publishedAt.getTime() > Date.now()) throw conflict(BLOG_MESSAGES.breakingNewsScheduled);
      const groupIds = (await repo.groupsOf([id])).get(id) ?? [];
      const addresses = new Map<string, string>();
      for (const member of await accounts.reachableMembersOf(groupIds)) {
        const email = member.email?.trim();
        if (email && !addresses.has(email.toLowerCase())) addresses.set(email.toLowerCase(), email);
      }
      const files = (await repo.attachmentsOf([id])).get(id) ?? [];
      const mail = breakingNewsMail(
        {
          ...post,
          number:
            post.circularNumber === null || post.circularYear === null
              ? null
              : { number: post.circularNumber, year: post.circularYear },
          attachmentNames: files.map((file) => file.fileName),
        },
        deps.addresses,
      );
      const topic = `blog:${id}`;
      try {
        await db.transaction().execute(async (trx) => {
          if (await outbox.hasOpen(trx, topic)) throw conflict(BLOG_MESSAGES.breakingNewsPending);
          if (!(await repo.claimBreakingNews(trx, id, new Date(), BREAKING_NEWS_REPEAT_MINUTES))) {
            throw conflict(BLOG_MESSAGES.breakingNewsRecent);
          }
          await outbox.enqueue(
            trx,
            [...addresses.values()].map((recipient) => ({ ...mail, recipient, topic })),
          );
          await auditBreakingNews(trx, principal, post, addresses.size);
        });
      } catch (error) {
        // Two requests at once: the unique index on open mails lets only one of them queue.
        if (!(error instanceof HttpError) && (await outbox.hasOpen(db, topic))) {
          throw conflict(BLOG_MESSAGES.breakingNewsPending);
        }
        throw error;
      }
      deps.mailWorker.notify();
      return { queued: addresses.size };
    },
  };
  return service;
}

export type BlogService = ReturnType<typeof createBlogService>;
