import type { ColumnType, Generated, SqlBool } from 'kysely';

/** PostgreSQL returns Date, SQLite the ISO text it stored; repositories read both through toDate(). */
export type Timestamp = ColumnType<Date | string, Date, Date>;
export type Bool = ColumnType<SqlBool, boolean, boolean>;

export interface UserGroupsTable {
  id: Generated<number>;
  name: string;
  internal: Bool;
  isDefault: Bool;
  createdAt: Timestamp;
}

export interface UsersTable {
  id: Generated<number>;
  username: string;
  /** username lower-cased and NFC-normalised: the unique, case-insensitive key. */
  usernameKey: string;
  email: string | null;
  company: string | null;
  /** the highest role; the hierarchy grants the rest (ARCHITECTURE §4). */
  role: string;
  passwordHash: string | null;
  disabled: Bool;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface UserGroupMembersTable {
  userId: number;
  groupId: number;
}

export interface RefreshTokensTable {
  id: Generated<number>;
  userId: number;
  familyId: string;
  tokenHash: string;
  expiresAt: Timestamp;
  usedAt: Timestamp | null;
  /** set before migration 0007; since then the session's `revokedAt` ends the family */
  revokedAt: Timestamp | null;
  createdAt: Timestamp;
}

/** A login session: the family of refresh tokens that rotate from one login link. */
export interface SessionsTable {
  /** the refresh tokens' familyId; access tokens carry it as `sid` */
  id: string;
  userId: number;
  createdAt: Timestamp;
  revokedAt: Timestamp | null;
}

export interface LoginTokensTable {
  id: Generated<number>;
  userId: number;
  tokenHash: string;
  expiresAt: Timestamp;
  usedAt: Timestamp | null;
  createdAt: Timestamp;
}

export interface ContentCategoriesTable {
  id: Generated<number>;
  parentId: number | null;
  name: string;
  description: string | null;
  /** 'content' or 'url' */
  type: string;
  url: string | null;
  showInQuickAccess: Bool;
  level: number;
  position: number;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface ContentCategoryGroupsTable {
  categoryId: number;
  groupId: number;
}

export interface ContentItemsTable {
  id: Generated<number>;
  title: string;
  preText: string | null;
  postText: string | null;
  position: number;
  csvFile: string | null;
  csvKey: string | null;
  /** the header row as JSON text */
  csvHeader: string | null;
  csvRowCount: number;
  /** row_index of the table's first data row (migration 0008) */
  csvRowBase: Generated<number>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface ContentItemCategoriesTable {
  contentItemId: number;
  categoryId: number;
}

export interface ContentItemRowsTable {
  contentItemId: number;
  rowIndex: number;
  /** the row's cells as JSON text */
  cells: string;
  /** the cells' text, lower-cased, for searching */
  search: string;
}

export interface MediaCategoriesTable {
  id: Generated<number>;
  name: string;
  parentId: number | null;
  level: number;
  position: number;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface MediaFilesTable {
  id: Generated<number>;
  name: string;
  categoryId: number;
  storageKey: string;
  originalFilename: string;
  mimeType: string;
  size: number;
  /** the unguessable part of the file's public address */
  publicToken: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface BlogPostsTable {
  id: Generated<number>;
  title: string;
  preText: string;
  content: string;
  imageKey: string | null;
  /** the file name the picture was uploaded with */
  imageName: string | null;
  publishedAt: Timestamp;
  displayOnDashboard: Bool;
  authorId: number | null;
  /** when its breaking news was last queued (migration 0010) */
  breakingNewsAt: Timestamp | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface BlogPostGroupsTable {
  blogPostId: number;
  groupId: number;
}

export interface BlogPostTagsTable {
  blogPostId: number;
  tag: string;
}

export interface EventsTable {
  id: Generated<number>;
  name: string;
  description: string;
  location: string | null;
  startAt: Timestamp;
  endAt: Timestamp;
  url: string | null;
  teilnahmeausblenden: Bool;
  external: Bool;
  registrationDeadline: Timestamp | null;
  imageKey: string | null;
  /** the file name the picture was uploaded with */
  imageName: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface EventSubscriptionsTable {
  eventId: number;
  userId: number;
  /** true attends, false declined; no row means pending */
  status: Bool;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface CalendarTokensTable {
  id: Generated<number>;
  userId: number;
  tokenHash: string;
  createdAt: Timestamp;
}

export interface ForumsTable {
  id: Generated<number>;
  name: string;
  description: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface ForumThreadsTable {
  id: Generated<number>;
  forumId: number;
  name: string;
  authorId: number | null;
  /** posts of the thread, the first included; kept by every write */
  postCount: number;
  /** time of the newest post */
  lastPostAt: Timestamp;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface ForumPostsTable {
  id: Generated<number>;
  threadId: number;
  authorId: number | null;
  content: string;
  /** the thread's first post, which cannot be deleted */
  isFirst: Bool;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface ForumPostMediaTable {
  id: Generated<number>;
  postId: number;
  position: number;
  storageKey: string;
  /** JPEG thumbnail of an image; null for PDFs */
  thumbnailKey: string | null;
  originalFilename: string;
  mimeType: string;
  size: number;
  createdAt: Timestamp;
}

export interface SettingsTable {
  key: string;
  value: string;
  updatedAt: Timestamp;
}

export type MailStatus = 'pending' | 'sending' | 'sent' | 'failed';

export interface MailOutboxTable {
  id: Generated<number>;
  topic: string | null;
  recipient: string;
  subject: string;
  html: string;
  text: string;
  status: ColumnType<MailStatus, MailStatus | undefined, MailStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  nextAttemptAt: Timestamp;
  claimToken: string | null;
  lockedUntil: Timestamp | null;
  sentAt: Timestamp | null;
  lastError: string | null;
  createdAt: Timestamp;
}

/** A fixed-window counter shared by all instances (platform/http/shared-counter.ts). */
export interface RateLimitsTable {
  key: string;
  /** milliseconds since 1970; PostgreSQL's bigint arrives as a string */
  resetAt: ColumnType<number | string, number, number>;
  count: number;
}

/** A stored file that no committed record owns yet, or that waits for deletion (platform/storage/file-store.ts). */
export interface UploadIntentsTable {
  key: string;
  createdAt: Timestamp;
}

export interface DB {
  userGroups: UserGroupsTable;
  users: UsersTable;
  userGroupMembers: UserGroupMembersTable;
  refreshTokens: RefreshTokensTable;
  sessions: SessionsTable;
  loginTokens: LoginTokensTable;
  contentCategories: ContentCategoriesTable;
  contentCategoryGroups: ContentCategoryGroupsTable;
  contentItems: ContentItemsTable;
  contentItemCategories: ContentItemCategoriesTable;
  contentItemRows: ContentItemRowsTable;
  mediaCategories: MediaCategoriesTable;
  mediaFiles: MediaFilesTable;
  blogPosts: BlogPostsTable;
  blogPostGroups: BlogPostGroupsTable;
  blogPostTags: BlogPostTagsTable;
  settings: SettingsTable;
  mailOutbox: MailOutboxTable;
  events: EventsTable;
  eventSubscriptions: EventSubscriptionsTable;
  calendarTokens: CalendarTokensTable;
  forums: ForumsTable;
  forumThreads: ForumThreadsTable;
  forumPosts: ForumPostsTable;
  forumPostMedia: ForumPostMediaTable;
  rateLimits: RateLimitsTable;
  uploadIntents: UploadIntentsTable;
}

export function toDate(value: Date | string): Date {
  return value instanceof Date ? value : new Date(value);
}
