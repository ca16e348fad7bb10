// Generated from the migrations by `npm run db:types` (scripts/db-types.ts): do not edit.
import type { Generated } from 'kysely';
import type { MailStatus } from './column-types.ts';

export interface AuditLogTable {
  id: Generated<number>;
  createdAt: Date;
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

export interface BlogCircularCountersTable {
  year: number;
  lastNumber: number;
}

export interface BlogCircularRemindersTable {
  blogPostId: number;
  version: number;
  userId: number;
  kind: string;
  queuedAt: Date;
}

export interface BlogCircularVersionsTable {
  blogPostId: number;
  version: number;
  title: string;
  preText: string;
  content: string;
  createdAt: Date;
}

export interface BlogConfirmationsTable {
  blogPostId: number;
  userId: number;
  version: number;
  confirmedAt: Date;
}

export interface BlogPostAttachmentsTable {
  id: Generated<number>;
  blogPostId: number;
  position: number;
  storageKey: string;
  fileName: string;
  size: number;
  createdAt: Date;
  updatedAt: Date;
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
  publishedAt: Date;
  displayOnDashboard: Generated<boolean>;
  authorId: number | null;
  createdAt: Date;
  updatedAt: Date;
  breakingNewsAt: Date | null;
  audienceId: number | null;
  circularYear: number | null;
  circularNumber: number | null;
  confirmationRequired: Generated<boolean>;
  confirmBy: string | null;
  circularVersion: Generated<number>;
  confirmationReminderAt: Date | null;
}

export interface CalendarTokensTable {
  id: Generated<number>;
  userId: number;
  tokenHash: string;
  createdAt: Date;
}

export interface CompaniesTable {
  id: Generated<number>;
  name: string;
  nameKey: string;
  letter: string;
  street: string | null;
  postalCode: string | null;
  city: string | null;
  state: string | null;
  website: string | null;
  phone: string | null;
  email: string | null;
  description: string | null;
  logoKey: string | null;
  logoName: string | null;
  searchText: Generated<string>;
  version: Generated<number>;
  createdAt: Date;
  updatedAt: Date;
  number: string | null;
}

export interface CompanyMembersTable {
  userId: number;
  companyId: number;
  function: string | null;
  mainContact: Generated<boolean>;
  phone: string | null;
  createdAt: Date;
}

export interface CompanySpecialtiesTable {
  id: Generated<number>;
  name: string;
  nameKey: string;
  createdAt: Date;
}

export interface CompanySpecialtyLinksTable {
  companyId: number;
  specialtyId: number;
}

export interface ContentCategoriesTable {
  id: Generated<number>;
  parentId: number | null;
  name: string;
  description: string | null;
  type: string;
  url: string | null;
  showInQuickAccess: Generated<boolean>;
  level: Generated<number>;
  position: Generated<number>;
  createdAt: Date;
  updatedAt: Date;
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
  createdAt: Date;
  updatedAt: Date;
  csvRowBase: Generated<number>;
}

export interface DirectoryConsentsTable {
  userId: number;
  agreedAt: Date;
}

export interface EventRemindersTable {
  eventId: number;
  userId: number;
  startAt: Date;
  queuedAt: Date;
}

export interface EventSeriesTable {
  id: Generated<number>;
  frequency: string;
  interval: number;
  weekOfMonth: number | null;
  until: string | null;
  count: number | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface EventSeriesExceptionsTable {
  seriesId: number;
  recurrenceId: Date;
}

export interface EventSubscriptionsTable {
  eventId: number;
  userId: number;
  status: boolean;
  createdAt: Date;
  updatedAt: Date;
  guests: Generated<number>;
}

export interface EventWaitlistTable {
  id: Generated<number>;
  eventId: number;
  userId: number;
  guests: Generated<number>;
  createdAt: Date;
}

export interface EventsTable {
  id: Generated<number>;
  name: string;
  description: string;
  location: string | null;
  startAt: Date;
  endAt: Date;
  url: string | null;
  teilnahmeausblenden: Generated<boolean>;
  external: Generated<boolean>;
  registrationDeadline: Date | null;
  imageKey: string | null;
  imageName: string | null;
  createdAt: Date;
  updatedAt: Date;
  acceptedCount: Generated<number>;
  declinedCount: Generated<number>;
  sequence: Generated<number>;
  maxParticipants: number | null;
  waitingList: Generated<boolean>;
  maxGuests: Generated<number>;
  guestCount: Generated<number>;
  waitingCount: Generated<number>;
  reminderHours: number | null;
  cancelledAt: Date | null;
  seriesId: number | null;
  recurrenceId: Date | null;
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
  createdAt: Date;
}

export interface ForumPostMentionsTable {
  postId: number;
  userId: number;
  createdAt: Date;
}

export interface ForumPostReactionsTable {
  postId: number;
  userId: number;
  kind: string;
  createdAt: Date;
}

export interface ForumPostVersionsTable {
  postId: number;
  number: number;
  content: string;
  name: string | null;
  editorId: number | null;
  createdAt: Date;
}

export interface ForumPostsTable {
  id: Generated<number>;
  threadId: number;
  authorId: number | null;
  content: string;
  isFirst: Generated<boolean>;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
}

export interface ForumThreadReadersTable {
  threadId: number;
  userId: number;
  following: Generated<boolean>;
  followChosen: Generated<boolean>;
  readPostId: number | null;
  readPostAt: Date | null;
  mailedAt: Date | null;
}

export interface ForumThreadsTable {
  id: Generated<number>;
  forumId: number;
  name: string;
  authorId: number | null;
  postCount: Generated<number>;
  lastPostAt: Date;
  createdAt: Date;
  updatedAt: Date;
}

export interface ForumsTable {
  id: Generated<number>;
  name: string;
  description: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface JobLeasesTable {
  name: string;
  holder: string;
  lockedUntil: Date;
}

export interface LoginTokensTable {
  id: Generated<number>;
  userId: number;
  tokenHash: string;
  expiresAt: Date;
  usedAt: Date | null;
  createdAt: Date;
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
  nextAttemptAt: Date;
  claimToken: string | null;
  lockedUntil: Date | null;
  sentAt: Date | null;
  lastError: string | null;
  createdAt: Date;
  listUnsubscribe: string | null;
  claimExpiredAt: Date | null;
  attachments: string | null;
}

export interface MediaCategoriesTable {
  id: Generated<number>;
  name: string;
  parentId: number | null;
  level: Generated<number>;
  position: Generated<number>;
  createdAt: Date;
  updatedAt: Date;
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
  createdAt: Date;
  updatedAt: Date;
  contentHash: string | null;
}

export interface NotificationSettingsTable {
  userId: number;
  forumReplies: Generated<boolean>;
  digest: Generated<string>;
  version: Generated<number>;
  digestUntil: Date | null;
  updatedAt: Date;
  mentions: Generated<boolean>;
}

export interface NotificationsTable {
  id: Generated<number>;
  recipientId: number;
  kind: string;
  actorId: number | null;
  text: string;
  link: string;
  dedupeKey: string;
  createdAt: Date;
  readAt: Date | null;
}

export interface RateLimitsTable {
  key: string;
  resetAt: number;
  count: number;
}

export interface RefreshTokensTable {
  id: Generated<number>;
  userId: number;
  familyId: string;
  tokenHash: string;
  expiresAt: Date;
  usedAt: Date | null;
  revokedAt: Date | null;
  createdAt: Date;
}

export interface SearchDocumentsTable {
  id: Generated<number>;
  kind: string;
  type: string;
  sourceId: number;
  ownerId: number | null;
  datedAt: Date;
  foldedTitle: string;
  title: string;
  body: string;
  foldedText: string;
}

export interface SearchSynonymTermsTable {
  synonymId: number;
  position: number;
  term: string;
  termKey: string;
}

export interface SearchSynonymsTable {
  id: Generated<number>;
  createdAt: Date;
  updatedAt: Date;
}

export interface SearchTermsTable {
  id: Generated<number>;
  term: string;
}

export interface SessionsTable {
  id: string;
  userId: number;
  createdAt: Date;
  revokedAt: Date | null;
}

export interface SettingsTable {
  key: string;
  value: string;
  updatedAt: Date;
}

export interface UploadIntentsTable {
  key: string;
  createdAt: Date;
}

export interface UserGroupMembersTable {
  userId: number;
  groupId: number;
}

export interface UserGroupsTable {
  id: Generated<number>;
  name: string;
  internal: Generated<boolean>;
  isDefault: Generated<boolean>;
  createdAt: Date;
}

export interface UsersTable {
  id: Generated<number>;
  username: string;
  usernameKey: string;
  email: string | null;
  company: string | null;
  role: string;
  passwordHash: string | null;
  disabled: Generated<boolean>;
  createdAt: Date;
  updatedAt: Date;
  forumReadFrom: Date | null;
  lastLoginAt: Date | null;
  erasedAt: Date | null;
  searchKey: Generated<string>;
  firstName: string | null;
  lastName: string | null;
  photoKey: string | null;
  nameKey: Generated<string>;
  companyOrder: Generated<string>;
}

export interface DB {
  auditLog: AuditLogTable;
  blogAudienceGroups: BlogAudienceGroupsTable;
  blogAudienceTags: BlogAudienceTagsTable;
  blogAudiences: BlogAudiencesTable;
  blogCircularCounters: BlogCircularCountersTable;
  blogCircularReminders: BlogCircularRemindersTable;
  blogCircularVersions: BlogCircularVersionsTable;
  blogConfirmations: BlogConfirmationsTable;
  blogPostAttachments: BlogPostAttachmentsTable;
  blogPostGroups: BlogPostGroupsTable;
  blogPostTags: BlogPostTagsTable;
  blogPosts: BlogPostsTable;
  calendarTokens: CalendarTokensTable;
  companies: CompaniesTable;
  companyMembers: CompanyMembersTable;
  companySpecialties: CompanySpecialtiesTable;
  companySpecialtyLinks: CompanySpecialtyLinksTable;
  contentCategories: ContentCategoriesTable;
  contentCategoryGroups: ContentCategoryGroupsTable;
  contentItemCategories: ContentItemCategoriesTable;
  contentItemRows: ContentItemRowsTable;
  contentItems: ContentItemsTable;
  directoryConsents: DirectoryConsentsTable;
  eventReminders: EventRemindersTable;
  eventSeries: EventSeriesTable;
  eventSeriesExceptions: EventSeriesExceptionsTable;
  eventSubscriptions: EventSubscriptionsTable;
  eventWaitlist: EventWaitlistTable;
  events: EventsTable;
  forumPostMedia: ForumPostMediaTable;
  forumPostMentions: ForumPostMentionsTable;
  forumPostReactions: ForumPostReactionsTable;
  forumPostVersions: ForumPostVersionsTable;
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
  notifications: NotificationsTable;
  rateLimits: RateLimitsTable;
  refreshTokens: RefreshTokensTable;
  searchDocuments: SearchDocumentsTable;
  searchSynonymTerms: SearchSynonymTermsTable;
  searchSynonyms: SearchSynonymsTable;
  searchTerms: SearchTermsTable;
  sessions: SessionsTable;
  settings: SettingsTable;
  uploadIntents: UploadIntentsTable;
  userGroupMembers: UserGroupMembersTable;
  userGroups: UserGroupsTable;
  users: UsersTable;
}
