// Generated from the migrations by `npm run db:types` (scripts/db-types.ts): do not edit.
import type { Bool, Generated, Int8, MailStatus, Timestamp } from './column-types.ts';

export interface AuditLogTable {
  id: Generated<number>;
  createdAt: Timestamp;
  actorId: number | null;
  kind: string;
  subjectType: string;
  subjectId: number | null;
  subjectLabel: string | null;
  changes: string | null;
}

export interface BlogAudienceGroupsTable {
  audienceId: number;
  groupId: number;
}

export interface BlogAudienceTagsTable {
  audienceId: number;
  tag: string;
  posts: number;
}

export interface BlogAudiencesTable {
  id: Generated<number>;
  groupKey: string;
}

export interface BlogPostGroupsTable {
  blogPostId: number;
  groupId: number;
}

export interface BlogPostTagsTable {
  blogPostId: number;
  tag: string;
}

export interface BlogPostsTable {
  id: Generated<number>;
  title: string;
  preText: string;
  content: string;
  imageKey: string | null;
  imageName: string | null;
  publishedAt: Timestamp;
  displayOnDashboard: Generated<Bool>;
  authorId: number | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  breakingNewsAt: Timestamp | null;
  audienceId: number | null;
}

export interface CalendarTokensTable {
  id: Generated<number>;
  userId: number;
  tokenHash: string;
  createdAt: Timestamp;
}

export interface ContentCategoriesTable {
  id: Generated<number>;
  parentId: number | null;
  name: string;
  description: string | null;
  type: string;
  url: string | null;
  showInQuickAccess: Generated<Bool>;
  level: Generated<number>;
  position: Generated<number>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface ContentCategoryGroupsTable {
  categoryId: number;
  groupId: number;
}

export interface ContentItemCategoriesTable {
  contentItemId: number;
  categoryId: number;
}

export interface ContentItemRowsTable {
  contentItemId: number;
  rowIndex: number;
  cells: string;
  search: string;
}

export interface ContentItemsTable {
  id: Generated<number>;
  title: string;
  preText: string | null;
  postText: string | null;
  position: Generated<number>;
  csvFile: string | null;
  csvKey: string | null;
  csvHeader: string | null;
  csvRowCount: Generated<number>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  csvRowBase: Generated<number>;
}

export interface EventSubscriptionsTable {
  eventId: number;
  userId: number;
  status: Bool;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface EventsTable {
  id: Generated<number>;
  name: string;
  description: string;
  location: string | null;
  startAt: Timestamp;
  endAt: Timestamp;
  url: string | null;
  teilnahmeausblenden: Generated<Bool>;
  external: Generated<Bool>;
  registrationDeadline: Timestamp | null;
  imageKey: string | null;
  imageName: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  acceptedCount: Generated<number>;
  declinedCount: Generated<number>;
  sequence: Generated<number>;
}

export interface ForumPostMediaTable {
  id: Generated<number>;
  postId: number;
  position: number;
  storageKey: string;
  thumbnailKey: string | null;
  originalFilename: string;
  mimeType: string;
  size: number;
  createdAt: Timestamp;
}

export interface ForumPostsTable {
  id: Generated<number>;
  threadId: number;
  authorId: number | null;
  content: string;
  isFirst: Generated<Bool>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface ForumThreadReadersTable {
  threadId: number;
  userId: number;
  following: Generated<Bool>;
  followChosen: Generated<Bool>;
  readPostId: number | null;
  readPostAt: Timestamp | null;
  mailedAt: Timestamp | null;
}

export interface ForumThreadsTable {
  id: Generated<number>;
  forumId: number;
  name: string;
  authorId: number | null;
  postCount: Generated<number>;
  lastPostAt: Timestamp;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface ForumsTable {
  id: Generated<number>;
  name: string;
  description: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface JobLeasesTable {
  name: string;
  holder: string;
  lockedUntil: Timestamp;
}

export interface LoginTokensTable {
  id: Generated<number>;
  userId: number;
  tokenHash: string;
  expiresAt: Timestamp;
  usedAt: Timestamp | null;
  createdAt: Timestamp;
}

export interface MailOutboxTable {
  id: Generated<number>;
  topic: string | null;
  recipient: string;
  subject: string;
  html: string;
  text: string;
  status: Generated<MailStatus>;
  attempts: Generated<number>;
  nextAttemptAt: Timestamp;
  claimToken: string | null;
  lockedUntil: Timestamp | null;
  sentAt: Timestamp | null;
  lastError: string | null;
  createdAt: Timestamp;
  listUnsubscribe: string | null;
  claimExpiredAt: Timestamp | null;
}

export interface MediaCategoriesTable {
  id: Generated<number>;
  name: string;
  parentId: number | null;
  level: Generated<number>;
  position: Generated<number>;
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
  publicToken: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  contentHash: string | null;
}

export interface NotificationSettingsTable {
  userId: number;
  forumReplies: Generated<Bool>;
  digest: Generated<string>;
  version: Generated<number>;
  digestUntil: Timestamp | null;
  updatedAt: Timestamp;
}

export interface RateLimitsTable {
  key: string;
  resetAt: Int8;
  count: number;
}

export interface RefreshTokensTable {
  id: Generated<number>;
  userId: number;
  familyId: string;
  tokenHash: string;
  expiresAt: Timestamp;
  usedAt: Timestamp | null;
  revokedAt: Timestamp | null;
  createdAt: Timestamp;
}

export interface SearchDocumentsTable {
  id: Generated<number>;
  kind: string;
  type: string;
  sourceId: number;
  ownerId: number | null;
  datedAt: Timestamp;
  foldedTitle: string;
  title: string;
  body: string;
  foldedText: string;
}

export interface SessionsTable {
  id: string;
  userId: number;
  createdAt: Timestamp;
  revokedAt: Timestamp | null;
}

export interface SettingsTable {
  key: string;
  value: string;
  updatedAt: Timestamp;
}

export interface UploadIntentsTable {
  key: string;
  createdAt: Timestamp;
}

export interface UserGroupMembersTable {
  userId: number;
  groupId: number;
}

export interface UserGroupsTable {
  id: Generated<number>;
  name: string;
  internal: Generated<Bool>;
  isDefault: Generated<Bool>;
  createdAt: Timestamp;
}

export interface UsersTable {
  id: Generated<number>;
  username: string;
  usernameKey: string;
  email: string | null;
  company: string | null;
  role: string;
  passwordHash: string | null;
  disabled: Generated<Bool>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  forumReadFrom: Timestamp | null;
  lastLoginAt: Timestamp | null;
  erasedAt: Timestamp | null;
  searchKey: Generated<string>;
}

export interface DB {
  auditLog: AuditLogTable;
  blogAudienceGroups: BlogAudienceGroupsTable;
  blogAudienceTags: BlogAudienceTagsTable;
  blogAudiences: BlogAudiencesTable;
  blogPostGroups: BlogPostGroupsTable;
  blogPostTags: BlogPostTagsTable;
  blogPosts: BlogPostsTable;
  calendarTokens: CalendarTokensTable;
  contentCategories: ContentCategoriesTable;
  contentCategoryGroups: ContentCategoryGroupsTable;
  contentItemCategories: ContentItemCategoriesTable;
  contentItemRows: ContentItemRowsTable;
  contentItems: ContentItemsTable;
  eventSubscriptions: EventSubscriptionsTable;
  events: EventsTable;
  forumPostMedia: ForumPostMediaTable;
  forumPosts: ForumPostsTable;
  forumThreadReaders: ForumThreadReadersTable;
  forumThreads: ForumThreadsTable;
  forums: ForumsTable;
  jobLeases: JobLeasesTable;
  loginTokens: LoginTokensTable;
  mailOutbox: MailOutboxTable;
  mediaCategories: MediaCategoriesTable;
  mediaFiles: MediaFilesTable;
  notificationSettings: NotificationSettingsTable;
  rateLimits: RateLimitsTable;
  refreshTokens: RefreshTokensTable;
  searchDocuments: SearchDocumentsTable;
  sessions: SessionsTable;
  settings: SettingsTable;
  uploadIntents: UploadIntentsTable;
  userGroupMembers: UserGroupMembersTable;
  userGroups: UserGroupsTable;
  users: UsersTable;
}
