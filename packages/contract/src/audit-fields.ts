import type { TAuditSubject } from './admin.ts';

/**
 * The German names of the fields audit entries record (issue 18), as the forms call them (issue 31): the
 * 'Protokoll' screen shows these instead of the field's key. The server's audit helpers only take fields
 * named here, so a new field cannot reach the log without a German name.
 */
export const AUDIT_FIELDS = {
  // members, groups and logins
  email: 'E-Mail',
  company: 'Firma',
  role: 'Rolle',
  groups: 'Gruppen',
  disabled: 'Zugang gesperrt',
  created: 'Neu angelegt',
  internal: 'Intern',
  isDefault: 'Standard',
  members: 'Mitglieder',
  eventAnswers: 'Antworten auf Veranstaltungen',
  sessions: 'Anmeldungen auf Geräten',
  readMarkers: 'Lesezeichen im Forum',
  mails: 'Wartende E-Mails',
  reactions: 'Reaktionen im Forum',
  notifications: 'Benachrichtigungen',
  // content of every kind
  name: 'Name',
  title: 'Titel',
  description: 'Beschreibung',
  preText: 'Einleitung',
  postText: 'Text nach der Tabelle',
  content: 'Beitrag',
  publishedAt: 'Veröffentlichen am',
  displayOnDashboard: 'Auf dem Dashboard anzeigen',
  userGroups: 'Sichtbarkeit',
  tags: 'Schlagwörter',
  image: 'Bild',
  recipients: 'Empfänger',
  circular: 'Rundschreiben',
  circularNumber: 'Nummer des Rundschreibens',
  attachments: 'Anhänge',
  confirmationRequired: 'Lesebestätigung anfordern',
  confirmBy: 'Bestätigen bis',
  reconfirm: 'Änderung erneut bestätigen lassen',
  version: 'Fassung',
  reminder: 'Erinnerung',
  confirmations: 'Lesebestätigungen',
  type: 'Typ',
  url: 'Link',
  showInQuickAccess: 'Im Schnellzugriff anzeigen',
  parent: 'Übergeordnete Kategorie',
  position: 'Position',
  categories: 'Kategorien',
  table: 'CSV-Datei',
  tableRows: 'Tabellenzeilen',
  startAt: 'Beginn',
  endAt: 'Ende',
  location: 'Ort',
  registrationDeadline: 'Anmeldeschluss',
  teilnahmeausblenden: 'Teilnahme-Schaltflächen ausblenden',
  external: 'Externe Veranstaltung',
  // event registration (issue 35)
  event: 'Veranstaltung',
  status: 'Antwort',
  guests: 'Begleitpersonen',
  waitlistPosition: 'Platz auf der Warteliste',
  maxParticipants: 'Maximale Teilnehmerzahl',
  waitingList: 'Warteliste',
  maxGuests: 'Begleitpersonen je Mitglied',
  forum: 'Forum',
  thread: 'Thema',
  threads: 'Themen',
  posts: 'Beiträge',
  category: 'Kategorie',
  file: 'Datei',
  size: 'Größe',
  // member companies (issue 36)
  street: 'Straße',
  postalCode: 'PLZ',
  city: 'Ort',
  state: 'Bundesland',
  website: 'Website',
  phone: 'Telefon',
  specialties: 'Schwerpunkte',
  function: 'Funktion',
  mainContact: 'Hauptansprechpartner',
  logo: 'Logo',
  companies: 'Firmen',
  companyLink: 'Firmenzugehörigkeit',
  rows: 'Zeilen',
  number: 'Mitgliedsnummer',
  // people (issue 36 point 6)
  firstName: 'Vorname',
  lastName: 'Nachname',
  photo: 'Foto',
  // an event series' occurrences a save or deletion with scope 'following' changed (issue 35)
  occurrences: 'Termine',
  // the search's synonyms
  terms: 'Begriffe',
} as const;
export type TAuditField = keyof typeof AUDIT_FIELDS;

/** Where a subject's form names a field otherwise than the others. */
const AUDIT_FIELDS_OF: Partial<Record<TAuditSubject, Partial<Record<TAuditField, string>>>> = {
  category: { url: 'URL' },
  content: { preText: 'Text vor der Tabelle' },
  thread: { name: 'Name des Themas' },
};

/** The fields whose values are sizes in bytes (shown as '1,2 MB'). */
export const AUDIT_BYTE_FIELDS: readonly string[] = ['size'] satisfies readonly TAuditField[];

const isAuditField = (field: string): field is TAuditField => Object.hasOwn(AUDIT_FIELDS, field);

/** The German name of a recorded field of a subject; a field unknown here (an old entry) as recorded. */
export function auditFieldName(subject: TAuditSubject, field: string): string {
  if (!isAuditField(field)) return field;
  return AUDIT_FIELDS_OF[subject]?.[field] ?? AUDIT_FIELDS[field];
}
