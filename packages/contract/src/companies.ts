import { z } from 'zod';
import { ID_MAX, zId } from './ids.ts';
import { pathTemplate } from './paths.ts';

/**
 * Member companies (issue 36): the association's member companies with address, specialties, logo and their
 * people (contacts with a function, main contacts set by admins). Members (ROLE_USER) read the directory; a
 * company's main contact or an admin edits it; admins keep the specialties, link members, review the
 * companies proposed from the members' old company texts and import/export CSV. A contact's e-mail and phone
 * appear only where that person agreed ('In Verzeichnis anzeigen').
 */
export const COMPANIES_API = {
  /** GET ?q=&state=&specialty=&letter=&page= (ROLE_USER): a page of the directory */
  list: '/api/companies',
  /** GET the specialties to filter by (ROLE_USER) */
  specialties: '/api/companies/specialties',
  /** GET the company with its contacts (ROLE_USER); PATCH (main contact or admin) */
  byId: pathTemplate('/api/companies/:id'),
  /** PUT a logo (multipart `logo`), DELETE it (main contact or admin) */
  logo: pathTemplate('/api/companies/:id/logo'),
  /** GET the vCard 4.0 of a contact who agreed to be shown (ROLE_USER); 404 otherwise */
  vcardPattern: '/api/companies/:id/contacts/:contact',
  vcard: (id: number, userId: number) => `/api/companies/${id}/contacts/${userId}.vcf`,
  /** GET and PATCH the session member's own company link and consent (ROLE_PARTNER and up) */
  mine: '/api/account/company',
} as const;

export const ADMIN_COMPANIES_API = {
  /** POST a new company (`ZCompanyCreate`) */
  create: '/api/admin/companies',
  /** DELETE a company (its contacts are unlinked, the members stay) */
  byId: pathTemplate('/api/admin/companies/:id'),
  /** PUT links the member (`ZCompanyMemberInput`): function, main contact; DELETE unlinks */
  member: pathTemplate('/api/admin/companies/:id/members/:userId'),
  /** GET every specialty, POST a new one */
  specialties: '/api/admin/companies/specialties',
  /** PATCH renames it, DELETE removes it from every company */
  specialty: pathTemplate('/api/admin/companies/specialties/:id'),
  /** GET the companies proposed from members' company texts; POST applies the reviewed proposals */
  review: '/api/admin/companies/review',
  /** POST multipart `file` (CSV), `?dryRun=true` for the preview */
  import: '/api/admin/companies/import',
  /** GET the CSV of every company and contact, in the import's format */
  export: '/api/admin/companies/export',
} as const;

/** The web app's addresses of the directory and of a company's page (search hits open the latter). */
export const COMPANY_APP_PATHS = {
  directory: '/mitglieder',
  company: (id: number) => `/mitglieder/${id}`,
} as const;

/** The 16 German states: ISO 3166-2:DE code → name. */
export const COMPANY_STATES = {
  BW: 'Baden-Württemberg',
  BY: 'Bayern',
  BE: 'Berlin',
  BB: 'Brandenburg',
  HB: 'Bremen',
  HH: 'Hamburg',
  HE: 'Hessen',
  MV: 'Mecklenburg-Vorpommern',
  NI: 'Niedersachsen',
  NW: 'Nordrhein-Westfalen',
  RP: 'Rheinland-Pfalz',
  SL: 'Saarland',
  SN: 'Sachsen',
  ST: 'Sachsen-Anhalt',
  SH: 'Schleswig-Holstein',
  TH: 'Thüringen',
} as const;
export type TCompanyState = keyof typeof COMPANY_STATES;
const COMPANY_STATE_CODES = Object.keys(COMPANY_STATES) as [TCompanyState, ...TCompanyState[]];

/** A member's function in their company (a fixed list). */
export const COMPANY_FUNCTIONS = [
  'Geschäftsführung',
  'Vertrieb',
  'Technik',
  'Verwaltung',
  'Sonstiges',
] as const;
export type TCompanyFunction = (typeof COMPANY_FUNCTIONS)[number];

export const COMPANY_PAGE_SIZE = 24;
const COMPANY_NAME_MAX = 200;
const COMPANY_DESCRIPTION_MAX = 2000;
const COMPANY_NUMBER_MAX = 20;
const SPECIALTY_NAME_MAX = 100;
/** The letters of the A–Z bar; '#' holds names starting with a digit or another sign. */
export const COMPANY_LETTERS = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ#'] as const;

export const COMPANY_MESSAGES = {
  notFound: 'Diese Firma gibt es nicht (mehr).',
  phoneWithoutCompany:
    'Eine Telefonnummer für das Verzeichnis können Sie angeben, sobald Sie einer Mitgliedsfirma zugeordnet sind.',
  nothingToChange: 'Bitte geben Sie an, was sich ändern soll.',
  nameRequired: 'Der Name der Firma ist ein Pflichtfeld.',
  nameTooLong: `Der Name der Firma darf höchstens ${COMPANY_NAME_MAX} Zeichen lang sein.`,
  nameTaken: (name: string) => `Eine Firma „${name}“ gibt es schon.`,
  state: 'Bitte wählen Sie ein Bundesland aus der Liste.',
  postalCode: 'Die PLZ besteht aus fünf Ziffern.',
  email: 'Bitte geben Sie eine gültige E-Mail-Adresse an.',
  website: 'Bitte geben Sie eine gültige Webadresse an (https://…).',
  phone: 'Die Telefonnummer darf nur Ziffern, Leerzeichen und + ( ) / - enthalten.',
  tooLong: (max: number) => `Höchstens ${max} Zeichen.`,
  descriptionTooLong: `Die Kurzbeschreibung darf höchstens ${COMPANY_DESCRIPTION_MAX} Zeichen lang sein.`,
  function: 'Bitte wählen Sie eine Funktion aus der Liste.',
  specialtyUnknown: 'Diesen Schwerpunkt gibt es nicht (mehr).',
  specialtyRequired: 'Der Name des Schwerpunkts ist ein Pflichtfeld.',
  specialtyTaken: (name: string) => `Einen Schwerpunkt „${name}“ gibt es schon.`,
  contactUnknown: 'Diese Person gehört nicht zu dieser Firma.',
  memberUnknown: 'Dieses Mitglied gibt es nicht.',
  page: 'Die Seite muss eine ganze Zahl ab 1 sein.',
  letter: 'Bitte wählen Sie einen Buchstaben von A bis Z oder #.',
  queryTooLong: 'Der Suchbegriff darf höchstens 100 Zeichen lang sein.',
  stale:
    'Die Firma wurde inzwischen geändert. Bitte laden Sie die Seite neu und versuchen Sie es noch einmal.',
  logoType: 'Das Logo muss ein PNG- oder JPEG-Bild sein.',
  logoRequired: 'Bitte wählen Sie ein Logo aus.',
  reviewUnknown: (key: string) =>
    `Den Vorschlag „${key}“ gibt es nicht (mehr). Bitte laden Sie die Liste neu.`,
  reviewMergeTarget: (key: string) =>
    `„${key}“ kann nicht mit sich selbst oder einem übersprungenen Vorschlag zusammengeführt werden.`,
  reviewNameRequired: 'Beim Umbenennen ist ein neuer Name nötig.',
  importFileRequired: 'Bitte wählen Sie eine CSV-Datei aus.',
  importFailed: (count: number) =>
    `Nichts importiert: ${count === 1 ? 'eine Zeile hat' : `${count} Zeilen haben`} Fehler.`,
  importNoName: 'Die Spalte „Firma“ fehlt.',
  number: 'Die Mitgliedsnummer darf nur Buchstaben, Ziffern und . / - enthalten (höchstens 20 Zeichen).',
  numberTaken: (number: string, name: string) => `Die Mitgliedsnummer „${number}“ hat schon „${name}“.`,
  numberUnknown: (number: string) =>
    `Eine Firma mit der Mitgliedsnummer „${number}“ gibt es nicht; bitte auch companyName senden.`,
  numberAdminsOnly: 'Die Mitgliedsnummer ändert nur die Verbandsverwaltung.',
  importRace:
    'Während des Imports wurde eine Firma gleichen Namens angelegt. Bitte prüfen Sie die Datei noch einmal.',
} as const;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, COMPANY_MESSAGES.tooLong(max))
    .transform((value) => (value === '' ? null : value))
    .nullable();

const ZCompanyName = z
  .string({ error: COMPANY_MESSAGES.nameRequired })
  .overwrite((name) => name.trim().replace(/\s+/g, ' '))
  .min(1, COMPANY_MESSAGES.nameRequired)
  .max(COMPANY_NAME_MAX, COMPANY_MESSAGES.nameTooLong);

const ZCompanyStateCode = z.enum(COMPANY_STATE_CODES, { error: COMPANY_MESSAGES.state });
const ZCompanyFunction = z.enum(COMPANY_FUNCTIONS, { error: COMPANY_MESSAGES.function });

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^[0-9+()/\- ]{3,40}$/;
const WEBSITE = /^https?:\/\/[^\s/$.?#][^\s]*$/i;
const POSTAL = /^\d{5}$/;
const COMPANY_NUMBER = /^[0-9A-Za-z][0-9A-Za-z./-]*$/;

/** The company's own fields as a form and the PATCH send them; empty texts become null. */
export const companyFields = {
  name: ZCompanyName,
  street: optionalText(200),
  postalCode: optionalText(5).refine((v) => v === null || POSTAL.test(v), COMPANY_MESSAGES.postalCode),
  city: optionalText(100),
  state: ZCompanyStateCode.nullable(),
  website: optionalText(300).refine((v) => v === null || WEBSITE.test(v), COMPANY_MESSAGES.website),
  phone: optionalText(40).refine((v) => v === null || PHONE.test(v), COMPANY_MESSAGES.phone),
  email: optionalText(200).refine((v) => v === null || EMAIL.test(v), COMPANY_MESSAGES.email),
  description: optionalText(COMPANY_DESCRIPTION_MAX),
  specialtyIds: z.array(zId(COMPANY_MESSAGES.specialtyUnknown)).max(50),
};

/** The office's member number ('Mitgliedsnummer'): letters, digits, '-', '/' and '.'; set by admins only. */
export const ZCompanyNumber = optionalText(COMPANY_NUMBER_MAX).refine(
  (v) => v === null || COMPANY_NUMBER.test(v),
  COMPANY_MESSAGES.number,
);

/** POST /api/admin/companies: a new company; only the name is needed. */
export const ZCompanyCreate = z.strictObject({
  ...companyFields,
  street: companyFields.street.optional(),
  postalCode: companyFields.postalCode.optional(),
  city: companyFields.city.optional(),
  state: companyFields.state.optional(),
  website: companyFields.website.optional(),
  phone: companyFields.phone.optional(),
  email: companyFields.email.optional(),
  description: companyFields.description.optional(),
  number: ZCompanyNumber.optional(),
  specialtyIds: companyFields.specialtyIds.optional(),
});

/** A contact's function (null: none given) and, optionally, their own phone for the directory. */
const ZContactPatch = z.strictObject({
  userId: zId(COMPANY_MESSAGES.contactUnknown),
  function: ZCompanyFunction.nullable().optional(),
  phone: companyFields.phone.optional(),
});

/**
 * PATCH /api/companies/{id}: only the fields sent change. `contacts` changes the named contacts' functions
 * (others stay). `version` (optional): the version the client read; when the company changed since, 409 and
 * nothing is written. Without it, two edits at once both apply, one after the other.
 */
export const ZCompanyPatch = z.strictObject({
  name: companyFields.name.optional(),
  street: companyFields.street.optional(),
  postalCode: companyFields.postalCode.optional(),
  city: companyFields.city.optional(),
  state: companyFields.state.optional(),
  website: companyFields.website.optional(),
  phone: companyFields.phone.optional(),
  email: companyFields.email.optional(),
  description: companyFields.description.optional(),
  /** admins only (403 for the main contact) */
  number: ZCompanyNumber.optional(),
  specialtyIds: companyFields.specialtyIds.optional(),
  contacts: z.array(ZContactPatch).max(200).optional(),
  version: z.number().int().min(1).optional(),
});

export type TCompanyPatch = z.input<typeof ZCompanyPatch>;

export const ZCompanyIdParams = z.object({ id: zId(COMPANY_MESSAGES.notFound) });
export const ZCompanyMemberParams = z.object({
  id: zId(COMPANY_MESSAGES.notFound),
  userId: zId(COMPANY_MESSAGES.memberUnknown),
});
export const ZCompanyVcardParams = z.object({
  id: zId(COMPANY_MESSAGES.notFound),
  contact: z
    .string()
    .regex(/^[0-9]{1,16}\.vcf$/, COMPANY_MESSAGES.contactUnknown)
    .transform((value) => Number(value.slice(0, -4)))
    .pipe(z.number().min(1, COMPANY_MESSAGES.contactUnknown).max(ID_MAX, COMPANY_MESSAGES.contactUnknown)),
});

/** PUT /api/admin/companies/{id}/members/{userId}: links (or moves) the member to the company. */
export const ZCompanyMemberInput = z.strictObject({
  function: ZCompanyFunction.nullable().optional(),
  mainContact: z.boolean().optional(),
});

const ZLetter = z.enum(COMPANY_LETTERS, { error: COMPANY_MESSAGES.letter });

/** GET /api/companies: `q` searches name, place and specialty (folded as the search folds). */
export const ZCompanyListQuery = z.object({
  q: z.string().trim().max(100, COMPANY_MESSAGES.queryTooLong).optional(),
  state: ZCompanyStateCode.optional(),
  specialty: zId(COMPANY_MESSAGES.specialtyUnknown).optional(),
  letter: z.preprocess((v) => (typeof v === 'string' ? v.toUpperCase() : v), ZLetter).optional(),
  page: z.coerce
    .number({ error: COMPANY_MESSAGES.page })
    .int(COMPANY_MESSAGES.page)
    .min(1, COMPANY_MESSAGES.page)
    .default(1),
});

export const ZSpecialty = z.object({ id: z.number().int(), name: z.string() });
export type TSpecialty = z.infer<typeof ZSpecialty>;

export const ZSpecialtyInput = z.strictObject({
  name: z
    .string({ error: COMPANY_MESSAGES.specialtyRequired })
    .overwrite((name) => name.trim().replace(/\s+/g, ' '))
    .min(1, COMPANY_MESSAGES.specialtyRequired)
    .max(SPECIALTY_NAME_MAX, COMPANY_MESSAGES.tooLong(SPECIALTY_NAME_MAX)),
});

/** A card of the directory: `logo` a signed URL (an hour) or null. */
const ZCompanyCard = z.object({
  id: z.number().int(),
  name: z.string(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
  state: ZCompanyStateCode.nullable(),
  logo: z.string().nullable(),
  specialties: z.array(ZSpecialty),
});

export type TCompanyCard = z.infer<typeof ZCompanyCard>;

export const ZCompanyPage = z.object({
  items: z.array(ZCompanyCard),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TCompanyPage = z.infer<typeof ZCompanyPage>;

/**
 * A contact on the company page. `email` and `phone` are null unless the person agreed to be shown
 * ('In Verzeichnis anzeigen'); `vcard` is the path of their vCard then, else null.
 */
const ZCompanyContact = z.object({
  userId: z.number().int(),
  name: z.string(),
  username: z.string(),
  function: ZCompanyFunction.nullable(),
  mainContact: z.boolean(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  vcard: z.string().nullable(),
});

export type TCompanyContact = z.infer<typeof ZCompanyContact>;

/** GET /api/companies/{id}; `canEdit`: the caller is its main contact or an admin. */
export const ZCompany = ZCompanyCard.extend({
  street: z.string().nullable(),
  website: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  description: z.string().nullable(),
  /** the office's member number, or null (always sent; optional for clients' data made before it) */
  number: z.string().nullable().optional(),
  version: z.number().int(),
  canEdit: z.boolean(),
  contacts: z.array(ZCompanyContact),
});
export type TCompany = z.infer<typeof ZCompany>;

/** GET /api/account/company: the member's own link and consent; PATCH changes `showInDirectory`. */
export const ZMyCompany = z.object({
  company: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  function: ZCompanyFunction.nullable(),
  mainContact: z.boolean(),
  showInDirectory: z.boolean(),
  /** the member's own phone for the directory, shown to others only with `showInDirectory` */
  phone: z.string().nullable(),
});
export type TMyCompany = z.infer<typeof ZMyCompany>;
/** PATCH /api/account/company: the consent, the own phone (null or '' removes it), or both. */
export const ZMyCompanyPatch = z
  .strictObject({ showInDirectory: z.boolean().optional(), phone: companyFields.phone.optional() })
  .refine((patch) => patch.showInDirectory !== undefined || patch.phone !== undefined, {
    message: COMPANY_MESSAGES.nothingToChange,
  });
export type TMyCompanyPatch = z.infer<typeof ZMyCompanyPatch>;

/** A company proposed from members' company texts: the folded `key`, the spellings and who wrote them. */
export const ZCompanyProposal = z.object({
  key: z.string(),
  name: z.string(),
  spellings: z.array(z.object({ text: z.string(), count: z.number().int() })),
  members: z.array(z.object({ id: z.number().int(), username: z.string() })),
  /** the company of that name that exists already (accepting links the members to it), else null */
  existingId: z.number().int().nullable(),
});
export type TCompanyProposal = z.infer<typeof ZCompanyProposal>;

const ZReviewDecision = z.discriminatedUnion('action', [
  z.strictObject({ key: z.string(), action: z.literal('accept') }),
  z.strictObject({ key: z.string(), action: z.literal('skip') }),
  z.strictObject({ key: z.string(), action: z.literal('rename'), name: ZCompanyName }),
  z.strictObject({ key: z.string(), action: z.literal('merge'), into: z.string() }),
]);
export type TReviewDecision = z.infer<typeof ZReviewDecision>;
export const ZCompanyReviewApply = z.strictObject({ decisions: z.array(ZReviewDecision).min(1).max(5000) });
export const ZCompanyReviewResult = z.object({
  created: z.number().int(),
  linked: z.number().int(),
  skipped: z.number().int(),
});
export type TCompanyReviewResult = z.infer<typeof ZCompanyReviewResult>;

export const IMPORT_OUTCOMES = ['new', 'changed', 'unchanged', 'error'] as const;
const ZCompanyImportRow = z.object({
  /** the line of the file (the header is line 1) */
  line: z.number().int(),
  company: z.string(),
  outcome: z.enum(IMPORT_OUTCOMES),
  /** German, for `error`; what changed for `changed` */
  message: z.string().nullable(),
});
export const ZCompanyImportResult = z.object({
  dryRun: z.boolean(),
  applied: z.boolean(),
  rows: z.array(ZCompanyImportRow),
  counts: z.record(z.enum(IMPORT_OUTCOMES), z.number().int()),
});
export type TCompanyImportResult = z.infer<typeof ZCompanyImportResult>;
export type TCompanyImportOutcome = (typeof IMPORT_OUTCOMES)[number];
export const ZCompanyImportQuery = z.object({
  dryRun: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});

/** The CSV columns of import and export, in order. */
export const COMPANY_CSV = {
  name: 'Firma',
  number: 'Mitgliedsnummer',
  street: 'Straße',
  postalCode: 'PLZ',
  city: 'Ort',
  state: 'Bundesland',
  website: 'Website',
  phone: 'Telefon',
  email: 'E-Mail',
  description: 'Beschreibung',
  specialties: 'Schwerpunkte',
  contact: 'Benutzername',
  function: 'Funktion',
  mainContact: 'Hauptansprechpartner',
} as const;
export type TCompanyCsvColumn = keyof typeof COMPANY_CSV;

export const COMPANY_IMPORT_MESSAGES = {
  nameMissing: 'Der Name der Firma fehlt.',
  stateUnknown: (value: string) => `Das Bundesland „${value}“ ist unbekannt.`,
  specialtyUnknown: (value: string) => `Den Schwerpunkt „${value}“ gibt es nicht.`,
  memberUnknown: (value: string) => `Ein Mitglied „${value}“ gibt es nicht.`,
  functionUnknown: (value: string) =>
    `Die Funktion „${value}“ ist unbekannt (erlaubt: ${COMPANY_FUNCTIONS.join(', ')}).`,
  mainContactUnknown: (value: string) => `„${value}“ bei Hauptansprechpartner: bitte „ja“ oder „nein“.`,
  conflict: (line: number) => `Die Angaben zur Firma weichen von Zeile ${line} ab.`,
  memberTwice: (value: string, line: number) => `„${value}“ steht schon in Zeile ${line}.`,
  numberTaken: (number: string, name: string) => `Die Mitgliedsnummer „${number}“ hat schon „${name}“.`,
  invalid: (column: string, message: string) => `${column}: ${message}`,
  changed: (columns: readonly string[]) => `Geändert: ${columns.join(', ')}`,
} as const;
