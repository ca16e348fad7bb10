import { z } from 'zod';
import { REACTION_KINDS } from './conversation.ts';
import { formBoolean } from './form.ts';
import { zId, zWholeNumber } from './ids.ts';
import { NOTIFICATION_CENTRE_KINDS } from './notification-centre.ts';
import { DIGEST_FREQUENCIES } from './notifications.ts';
import { pathTemplate } from './paths.ts';
import { ROLES } from './roles.ts';

/**
 * Administration of members, groups and the audit log in the browser, and the members' own data (issue 18).
 * Every `/api/admin/…` route needs ROLE_ADMIN.
 */
export const ADMIN_API = {
  /** GET one page of members (`ZAdminMembersQuery`), POST a new member (`ZAdminMemberCreate`). */
  members: '/api/admin/members',
  /** GET the members of the same filters as CSV (UTF-8 with BOM, `;`). */
  membersCsv: '/api/admin/members.csv',
  /**
   * GET one member, PATCH e-mail, company, role, groups or disabled (`ZAdminMemberUpdate`), DELETE erases the
   * member (GDPR).
   */
  member: pathTemplate('/api/admin/members/:id'),
  /** GET every group with its member count, POST a new group (`ZAdminGroupCreate`). */
  groups: '/api/admin/groups',
  /** PATCH name, internal or default (`ZAdminGroupUpdate`); DELETE, `?confirm=true` when something uses it. */
  group: pathTemplate('/api/admin/groups/:id'),
  /** GET what would lose the group: its members and the posts and categories shown to it. */
  groupUsage: pathTemplate('/api/admin/groups/:id/usage'),
  /** GET the audit log, newest first (`ZAuditQuery`). */
  audit: '/api/admin/audit',
} as const;

/** GET the session member's own data as a JSON download (every logged-in role). */
export const ACCOUNT_EXPORT_API = '/api/account/export';

/** Members per page of the members list. */
export const ADMIN_MEMBERS_PAGE_SIZE = 50;
/** Entries per page of the audit log. */
export const AUDIT_PAGE_SIZE = 50;
/** What an erased member's posts are attributed to. */
export const ERASED_MEMBER_NAME = 'Ehemaliges Mitglied';
/** Shortest password an admin may set for a new member (as `npm run user -- password`). */
export const PASSWORD_MIN_LENGTH = 8;

export const ADMIN_MESSAGES = {
  usernameRequired: 'Benutzername ist ein Pflichtfeld.',
  usernameTooLong: 'Der Benutzername darf höchstens 100 Zeichen lang sein.',
  usernameTaken: 'Diesen Benutzernamen gibt es schon.',
  emailInvalid: 'Die E-Mail-Adresse ist ungültig.',
  emailTaken: 'Diese E-Mail-Adresse hat schon ein anderes Mitglied.',
  companyTooLong: 'Die Firma darf höchstens 200 Zeichen lang sein.',
  nameTooLong: 'Vor- und Nachname dürfen je höchstens 100 Zeichen lang sein.',
  roleInvalid: 'Die Rolle muss „ROLE_ADMIN“, „ROLE_USER“ oder „ROLE_PARTNER“ sein.',
  groupsInvalid: 'Die Gruppen müssen eine Liste von Gruppen-IDs sein.',
  groupUnknown: 'Eine der gewählten Gruppen gibt es nicht (mehr).',
  disabledInvalid: 'Bitte geben Sie an, ob der Zugang gesperrt ist.',
  passwordTooShort: `Das Passwort muss mindestens ${PASSWORD_MIN_LENGTH} Zeichen lang sein.`,
  passwordNotAllowed: 'Die Anmeldung mit Passwort ist in diesem Portal nicht vorgesehen.',
  nothingToChange: 'Bitte ändern Sie E-Mail, Firma, Rolle, Gruppen oder Sperre.',
  selfLockout: 'Sie können sich nicht selbst sperren oder Ihre eigene Administratorrolle entfernen.',
  lastAdmin:
    'Der letzte aktive Administrator kann weder herabgestuft noch gesperrt werden. Ernennen Sie zuerst einen weiteren.',
  selfErase: 'Sie können sich nicht selbst löschen.',
  memberNotFound: 'Dieses Mitglied gibt es nicht (mehr).',
  groupNameRequired: 'Der Name der Gruppe ist ein Pflichtfeld.',
  groupNameTooLong: 'Der Name der Gruppe darf höchstens 100 Zeichen lang sein.',
  groupNameTaken: 'Eine Gruppe mit diesem Namen gibt es schon.',
  groupFlagInvalid: 'Bitte geben Sie für „Intern“ und „Standard“ ja oder nein an.',
  groupNothingToChange: 'Bitte ändern Sie den Namen, „Intern“ oder „Standard“.',
  groupNotFound: 'Diese Gruppe gibt es nicht (mehr).',
  groupInUse:
    'Die Gruppe wird noch verwendet. Bitte bestätigen Sie das Löschen; Mitglieder, Beiträge und Kategorien verlieren sie dann.',
  searchTooLong: 'Der Suchbegriff darf höchstens 100 Zeichen lang sein.',
  pageInvalid: 'Die Seitenzahl ist ungültig.',
  filterInvalid: 'Der Filter ist ungültig.',
  companyFilterInvalid: 'Bitte wählen Sie eine Mitgliedsfirma aus der Liste oder „Ohne Firma“.',
  sortInvalid: 'Sortiert wird nach Benutzername („username“) oder Firma („company“).',
  dateInvalid: 'Bitte geben Sie das Datum als JJJJ-MM-TT an.',
  kindInvalid: 'Diese Art von Eintrag gibt es nicht.',
  passwordBusy:
    'Gerade werden zu viele Passwörter gleichzeitig geprüft. Bitte versuchen Sie es in einigen Sekunden erneut.',
} as const;

/** The roles by their German names (members CSV, role choices). */
export const ROLE_NAMES = {
  ROLE_ADMIN: 'Administrator',
  ROLE_USER: 'Mitglied',
  ROLE_PARTNER: 'Partner',
} as const satisfies Record<(typeof ROLES)[number], string>;

/**
 * The columns of the members CSV (GET ADMIN_API.membersCsv). 'Firma' is the member company the member belongs
 * to, else the company text of their account (issue 36 point 5).
 */
export const MEMBERS_CSV_HEADER = [
  'Benutzername',
  'E-Mail',
  'Firma',
  'Rolle',
  'Gruppen',
  'Letzte Anmeldung',
  'Gesperrt',
] as const;

export const ZRoleName = z.enum(ROLES, { error: ADMIN_MESSAGES.roleInvalid });

const ZGroupRef = z.object({ id: z.number().int(), name: z.string() });
/** A member company as the members list names it (issue 36 point 5). */
const ZMemberCompanyRef = z.object({ id: z.number().int(), name: z.string() });

/** One member in the admin's list. Times are ISO 8601 (UTC); `lastLoginAt` null: never logged in. */
export const ZAdminMember = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  company: z.string().nullable(),
  /**
   * the person's name (issue 36 point 6); `name` is personName(): 'Erika Muster', or the username. The server
   * always sends all three; optional for clients' data made before names.
   */
  firstName: z.string().nullable().optional(),
  lastName: z.string().nullable().optional(),
  name: z.string().optional(),
  /**
   * the member company the person belongs to (issue 36 point 5), null without one; `company` stays the text
   * of the account (what the host website sent). Always sent; optional for clients' data made before it.
   */
  memberCompany: ZMemberCompanyRef.nullable().optional(),
  role: ZRoleName,
  groups: z.array(ZGroupRef),
  lastLoginAt: z.string().nullable(),
  disabled: z.boolean(),
  /** whether the member can log in with a password (set by an admin or `npm run user -- password`) */
  hasPassword: z.boolean(),
  createdAt: z.string(),
});
export type TAdminMember = z.infer<typeof ZAdminMember>;

const queryFlag = z
  .enum(['true', 'false'], { error: ADMIN_MESSAGES.filterInvalid })
  .transform((value) => value === 'true');

/** `company=none` in the members list: the members who belong to no member company ('Ohne Firma'). */
export const MEMBERS_WITHOUT_COMPANY = 'none';
/** The members list's orders: by username, or by company name, then person name (issue 36 point 5). */
const MEMBERS_SORTS = ['username', 'company'] as const;
export type TMembersSort = (typeof MEMBERS_SORTS)[number];

/**
 * GET /api/admin/members: `q` searches username, e-mail, company text and name (parts of words, any case);
 * `role`, `group` (an id), `disabled` and `company` (a member company's id, or `none`: the members without
 * one) filter. `sort`: `username` (the default) or `company` (company name, then person name; the members
 * without a company last).
 */
export const ZAdminMembersQuery = z.object({
  page: zWholeNumber({ min: 1, max: 100_000, message: ADMIN_MESSAGES.pageInvalid }).default(1),
  q: z.string().trim().max(100, ADMIN_MESSAGES.searchTooLong).optional(),
  role: ZRoleName.optional(),
  group: zId(ADMIN_MESSAGES.filterInvalid).optional(),
  disabled: queryFlag.optional(),
  company: z
    .union([z.literal(MEMBERS_WITHOUT_COMPANY), zId(ADMIN_MESSAGES.companyFilterInvalid)], {
      error: ADMIN_MESSAGES.companyFilterInvalid,
    })
    .optional(),
  sort: z.enum(MEMBERS_SORTS, { error: ADMIN_MESSAGES.sortInvalid }).default('username'),
});

/**
 * A company heading of the members list sorted by company: the company (null: 'Ohne Firma') and how many
 * members of the list (all its pages, with the same filters) belong to it.
 */
const ZAdminMembersCompanyGroup = z.object({
  company: ZMemberCompanyRef.nullable(),
  count: z.number().int(),
});
export type TAdminMembersCompanyGroup = z.infer<typeof ZAdminMembersCompanyGroup>;

export const ZAdminMembersPage = z.object({
  items: z.array(ZAdminMember),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /**
   * with `sort=company`: the companies of this page's members in the page's order, each with its count
   * (issue 36 point 5); empty for the other sorts. Always sent; optional for clients' data made before it.
   */
  companies: z.array(ZAdminMembersCompanyGroup).optional(),
});
export type TAdminMembersPage = z.infer<typeof ZAdminMembersPage>;

/** A member's e-mail address as the forms and the API take it: trimmed, empty for none. */
export const ZMemberEmail = z
  .string({ error: ADMIN_MESSAGES.emailInvalid })
  .trim()
  .pipe(
    z.union([z.literal(''), z.email(ADMIN_MESSAGES.emailInvalid).max(254, ADMIN_MESSAGES.emailInvalid)], {
      error: ADMIN_MESSAGES.emailInvalid,
    }),
  );
/** A member's company: trimmed, empty for none. */
export const ZMemberCompany = z.string().trim().max(200, ADMIN_MESSAGES.companyTooLong);
/** A member's first or last name: trimmed, empty for none. */
/** A person's first or last name as admins set it (issue 36 point 6). */
export const ZMemberName = z
  .string({ error: ADMIN_MESSAGES.nameTooLong })
  .trim()
  .max(100, ADMIN_MESSAGES.nameTooLong);

const ZGroupIds = z
  .array(zId(ADMIN_MESSAGES.groupsInvalid), { error: ADMIN_MESSAGES.groupsInvalid })
  .max(100);

/** POST /api/admin/members. `password` only where the password form is allowed (LOGIN_FORM_ORIGINS). */
export const ZAdminMemberCreate = z.strictObject({
  username: z
    .string({ error: ADMIN_MESSAGES.usernameRequired })
    .trim()
    .min(1, ADMIN_MESSAGES.usernameRequired)
    .max(100, ADMIN_MESSAGES.usernameTooLong),
  email: ZMemberEmail.nullish(),
  company: ZMemberCompany.nullish(),
  role: ZRoleName.default('ROLE_USER'),
  groups: ZGroupIds.default([]),
  password: z
    .string({ error: ADMIN_MESSAGES.passwordTooShort })
    .min(PASSWORD_MIN_LENGTH, ADMIN_MESSAGES.passwordTooShort)
    .max(1000)
    .optional(),
});
export type TAdminMemberCreate = z.input<typeof ZAdminMemberCreate>;

/**
 * PATCH /api/admin/members/{id}: the fields given change; the last write wins. `email` and `company` empty or
 * null remove them.
 */
export const ZAdminMemberUpdate = z
  .strictObject({
    email: ZMemberEmail.nullish(),
    company: ZMemberCompany.nullish(),
    firstName: ZMemberName.nullish(),
    lastName: ZMemberName.nullish(),
    role: ZRoleName.optional(),
    groups: ZGroupIds.optional(),
    disabled: formBoolean(ADMIN_MESSAGES.disabledInvalid).optional(),
  })
  .refine((input) => Object.values(input).some((value) => value !== undefined), {
    message: ADMIN_MESSAGES.nothingToChange,
  });
export type TAdminMemberUpdate = z.input<typeof ZAdminMemberUpdate>;

/** One group with how many members it has. */
export const ZAdminGroup = z.object({
  id: z.number().int(),
  name: z.string(),
  internal: z.boolean(),
  isDefault: z.boolean(),
  memberCount: z.number().int(),
});
export type TAdminGroup = z.infer<typeof ZAdminGroup>;

const ZGroupName = z
  .string({ error: ADMIN_MESSAGES.groupNameRequired })
  .trim()
  .min(1, ADMIN_MESSAGES.groupNameRequired)
  .max(100, ADMIN_MESSAGES.groupNameTooLong);
const ZGroupFlag = formBoolean(ADMIN_MESSAGES.groupFlagInvalid);

export const ZAdminGroupCreate = z.strictObject({
  name: ZGroupName,
  internal: ZGroupFlag.default(false),
  isDefault: ZGroupFlag.default(false),
});
export type TAdminGroupCreate = z.input<typeof ZAdminGroupCreate>;

export const ZAdminGroupUpdate = z
  .strictObject({
    name: ZGroupName.optional(),
    internal: ZGroupFlag.optional(),
    isDefault: ZGroupFlag.optional(),
  })
  .refine((input) => Object.values(input).some((value) => value !== undefined), {
    message: ADMIN_MESSAGES.groupNothingToChange,
  });
export type TAdminGroupUpdate = z.input<typeof ZAdminGroupUpdate>;

/** DELETE /api/admin/groups/{id}: `confirm=true` deletes a group that is still in use. */
export const ZAdminGroupDeleteQuery = z.object({ confirm: queryFlag.default(false) });

/** What would lose the group: the first 20 posts and categories by title, and the counts. */
export const ZAdminGroupUsage = z.object({
  memberCount: z.number().int(),
  postCount: z.number().int(),
  categoryCount: z.number().int(),
  posts: z.array(z.object({ id: z.number().int(), title: z.string() })),
  categories: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type TAdminGroupUsage = z.infer<typeof ZAdminGroupUsage>;

/** Every kind of audit entry, with its German name (the filter's choices). */
export const AUDIT_KINDS = {
  'member.create': 'Mitglied angelegt',
  'member.role': 'Rolle geändert',
  'member.groups': 'Gruppen geändert',
  'member.disabled': 'Zugang gesperrt oder entsperrt',
  'member.contact': 'E-Mail oder Firma geändert',
  'member.erase': 'Mitglied gelöscht (DSGVO)',
  'group.create': 'Gruppe angelegt',
  'group.update': 'Gruppe geändert',
  'group.delete': 'Gruppe gelöscht',
  'category.save': 'Kategorie gespeichert',
  'category.delete': 'Kategorie gelöscht',
  'content.save': 'Inhalt gespeichert',
  'content.delete': 'Inhalt gelöscht',
  'post.save': 'Beitrag gespeichert',
  'post.delete': 'Beitrag gelöscht',
  'post.breakingNews': 'Eilmeldung versendet',
  'post.confirm': 'Rundschreiben bestätigt',
  'post.confirmationReminder': 'Erinnerung an ein Rundschreiben versendet',
  'event.save': 'Veranstaltung gespeichert',
  'event.delete': 'Veranstaltung gelöscht',
  'event.answer': 'Auf eine Veranstaltung geantwortet',
  'event.moveUp': 'Von der Warteliste nachgerückt',
  'event.participantRemove': 'Von einer Veranstaltung abgemeldet',
  'event.cancel': 'Veranstaltung abgesagt',
  'event.seriesSave': 'Terminserie geändert',
  'event.seriesDelete': 'Termine einer Serie gelöscht',
  'forum.save': 'Forum gespeichert',
  'forum.delete': 'Forum gelöscht',
  'thread.save': 'Thema gespeichert',
  'thread.delete': 'Thema gelöscht',
  'forumPost.save': 'Forumsbeitrag gespeichert',
  'forumPost.delete': 'Forumsbeitrag gelöscht',
  // issue 37: an admin's edit of another member's post or thread title
  'forumPost.edit': 'Forumsbeitrag bearbeitet',
  'thread.rename': 'Thema umbenannt',
  'media.save': 'Datei gespeichert',
  'media.delete': 'Datei gelöscht',
  'mediaCategory.save': 'Medienkategorie gespeichert',
  'mediaCategory.delete': 'Medienkategorie gelöscht',
  'company.save': 'Firma gespeichert',
  'company.delete': 'Firma gelöscht',
  'company.member': 'Firmenzugehörigkeit geändert',
  'company.review': 'Firmen aus Angaben der Mitglieder übernommen',
  'company.import': 'Firmen importiert',
  'companySpecialty.save': 'Schwerpunkt gespeichert',
  'companySpecialty.delete': 'Schwerpunkt gelöscht',
  'searchSynonym.create': 'Synonyme für die Suche angelegt',
  'searchSynonym.update': 'Synonyme für die Suche geändert',
  'searchSynonym.delete': 'Synonyme für die Suche gelöscht',
  'login.host': 'Anmeldung über die Website',
  'login.passwordFailed': 'Falsches Passwort',
} as const;
export type TAuditKind = keyof typeof AUDIT_KINDS;
const AUDIT_KIND_NAMES = Object.keys(AUDIT_KINDS) as [TAuditKind, ...TAuditKind[]];
export const isAuditKind = (value: string): value is TAuditKind => Object.hasOwn(AUDIT_KINDS, value);

/** What an entry is about. */
export const AUDIT_SUBJECTS = [
  'member',
  'group',
  'category',
  'content',
  'post',
  'event',
  'forum',
  'thread',
  'forumPost',
  'media',
  'mediaCategory',
  'searchSynonym',
  'company',
  'companySpecialty',
] as const;
export type TAuditSubject = (typeof AUDIT_SUBJECTS)[number];

/** The fields an action changed, each with its value before and after (null: none). */
export const ZAuditChanges = z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() }));
export type TAuditChanges = z.infer<typeof ZAuditChanges>;

/**
 * One entry. `actor` null: the host website's server or the shell. `subject` names the subject: a member's
 * current name ('Ehemaliges Mitglied' once erased), else the title it had then.
 */
const ZAuditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  /** `name`: personName() of the actor, 'Erika Muster' or the username (always sent; optional for old data) */
  actor: z.object({ id: z.number().int(), username: z.string(), name: z.string().optional() }).nullable(),
  kind: z.enum(AUDIT_KIND_NAMES),
  subjectType: z.enum(AUDIT_SUBJECTS),
  subjectId: z.number().int().nullable(),
  subject: z.string().nullable(),
  changes: ZAuditChanges.nullable(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

const ZDay = z.iso.date({ error: ADMIN_MESSAGES.dateInvalid });

/**
 * GET /api/admin/audit: newest first, `AUDIT_PAGE_SIZE` at a time; `before` (an entry's id) continues after
 * that entry. `from` and `to` are days in German time, both included.
 */
export const ZAuditQuery = z.object({
  actor: zId(ADMIN_MESSAGES.filterInvalid).optional(),
  kind: z.enum(AUDIT_KIND_NAMES, { error: ADMIN_MESSAGES.kindInvalid }).optional(),
  from: ZDay.optional(),
  to: ZDay.optional(),
  before: zId(ADMIN_MESSAGES.pageInvalid).optional(),
});

/** `nextBefore`: the `before` of the next page, null on the last. */
export const ZAuditPage = z.object({
  items: z.array(ZAuditEntry),
  nextBefore: z.number().int().nullable(),
});
export type TAuditPage = z.infer<typeof ZAuditPage>;

/** GET /api/account/export: everything the portal keeps about the session member. */
export const ZAccountExport = z.object({
  exportedAt: z.string(),
  profile: z.object({
    username: z.string(),
    email: z.string().nullable(),
    company: z.string().nullable(),
    /** the person's name (issue 36 point 6); optional for exports made before names */
    firstName: z.string().nullable().optional(),
    lastName: z.string().nullable().optional(),
    role: ZRoleName,
    createdAt: z.string(),
    lastLoginAt: z.string().nullable(),
  }),
  groups: z.array(z.string()),
  eventAnswers: z.array(
    z.object({
      eventId: z.number().int(),
      event: z.string(),
      startAt: z.string(),
      /** 'waiting': a waiting place (issue 35) */
      answer: z.enum(['attend', 'decline', 'waiting']),
      /** companions of the place or waiting place */
      guests: z.number().int(),
      /** the waiting place's position; null for an answer */
      waitlistPosition: z.number().int().nullable(),
      answeredAt: z.string(),
    }),
  ),
  forumPosts: z.array(
    z.object({
      id: z.number().int(),
      forum: z.string(),
      thread: z.string(),
      threadId: z.number().int(),
      content: z.string(),
      createdAt: z.string(),
      updatedAt: z.string(),
    }),
  ),
  /**
   * issue 37: every version of a forum post the member wrote (the original and each edit, their own posts' or,
   * for an admin, another's), oldest first; `name` the thread's title with a first post's version
   */
  forumPostVersions: z.array(
    z.object({
      postId: z.number().int(),
      threadId: z.number().int(),
      thread: z.string(),
      number: z.number().int(),
      name: z.string().nullable(),
      content: z.string(),
      createdAt: z.string(),
    }),
  ),
  notificationSettings: z.object({
    forumReplies: z.boolean(),
    digest: z.enum(DIGEST_FREQUENCIES),
    /** issue 37: mails about mentions */
    mentions: z.boolean(),
  }),
  followedThreads: z.array(z.object({ threadId: z.number().int(), thread: z.string() })),
  /** issue 34: every confirmation of a circular, each version confirmed; `circular` as 'Rundschreiben 12/2026' */
  circularConfirmations: z.array(
    z.object({
      postId: z.number().int(),
      circular: z.string(),
      title: z.string(),
      version: z.number().int(),
      confirmedAt: z.string(),
    }),
  ),
  /** issue 36: the member's company, their function there and their consent to be shown in the directory */
  company: z.object({
    companyId: z.number().int().nullable(),
    company: z.string().nullable(),
    function: z.string().nullable(),
    mainContact: z.boolean(),
    phone: z.string().nullable(),
    showInDirectory: z.boolean(),
  }),
  /** issue 37: the member's reactions to forum posts, oldest first */
  reactions: z.array(
    z.object({
      postId: z.number().int(),
      threadId: z.number().int(),
      thread: z.string(),
      kind: z.enum(REACTION_KINDS),
      createdAt: z.string(),
    }),
  ),
  /** issue 37: what the notification centre holds for the member (kept 90 days), newest first */
  notifications: z.array(
    z.object({
      kind: z.enum(NOTIFICATION_CENTRE_KINDS),
      createdAt: z.string(),
      read: z.boolean(),
      text: z.string(),
      link: z.string(),
    }),
  ),
});
export type TAccountExport = z.infer<typeof ZAccountExport>;
