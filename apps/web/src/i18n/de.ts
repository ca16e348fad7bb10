import { AUTH_MESSAGES, CONTENT_MESSAGES } from '@portal/contract';

/** Every German text of the web app's frame and screens (SPEC §1: the interface is German). */
export const de = {
  app: {
    name: 'Portal',
    loading: 'Wird geladen',
  },
  frame: {
    openNavigation: 'Navigation öffnen',
    navigation: 'Hauptnavigation',
    breadcrumbs: 'Brotkrümelnavigation',
    logout: 'Abmelden',
    loggedInAs: (username: string) => `Angemeldet als ${username}`,
  },
  nav: {
    dashboard: 'Dashboard',
    blog: 'MarkenKreis-Info',
    events: 'Veranstaltungen',
    forums: 'Foren',
    services: 'Dienstleistungsangebote',
    media: 'Mediathek',
  },
  confirm: {
    yes: 'Ja',
    no: 'Nein',
  },
  dialog: {
    close: 'Schließen',
  },
  logout: {
    title: 'Abmelden?',
    text: 'Wollen Sie sich wirklich abmelden?',
    done: 'Sie wurden abgemeldet.',
    expired: AUTH_MESSAGES.sessionExpired,
  },
  login: {
    title: 'Anmelden',
    intro: 'Willkommen im Mitgliederbereich.',
    username: 'Benutzername',
    password: 'Passwort',
    submit: 'Anmelden',
    failed: AUTH_MESSAGES.loginFailed,
    denied:
      'Für die aufgerufene Seite fehlt Ihnen die Berechtigung. Melden Sie sich mit einem anderen Zugang an oder kehren Sie zum Dashboard zurück.',
    toDashboard: 'Zum Dashboard',
    viaHost:
      'Bitte melden Sie sich über die Website des Verbands an. Von dort gelangen Sie direkt in das Portal.',
  },
  errors: {
    network: 'Der Server ist nicht erreichbar. Bitte prüfen Sie Ihre Verbindung.',
    invalidResponse: 'Die Antwort des Servers ist ungültig.',
    unexpected: 'Es ist ein unerwarteter Fehler aufgetreten.',
    pageFailed: 'Die Seite konnte nicht geladen werden.',
    reload: 'Seite neu laden',
  },
  notFound: {
    title: 'Seite nicht gefunden',
    text: 'Die aufgerufene Adresse gibt es nicht (mehr).',
    back: 'Zum Dashboard',
  },
  common: {
    save: 'Speichern',
    cancel: 'Abbrechen',
    edit: 'Bearbeiten',
    delete: 'Löschen',
    copyLink: 'Link kopieren',
    linkCopied: 'Der Link wurde in die Zwischenablage kopiert.',
    copyFailed: 'Der Link konnte nicht kopiert werden.',
    opensInNewTab: '(öffnet in neuem Tab)',
    formLoadFailed: 'Formular konnte nicht geladen werden',
  },
  deletion: {
    title: 'Löschen?',
    entry: (name: string) => `Wollen Sie den Eintrag "${name}" wirklich löschen?`,
  },
  categories: {
    heading: 'Inhalte',
    expandAll: 'Alle ausklappen',
    collapseAll: 'Alle einklappen',
    create: 'Neue Kategorie',
    createChild: 'Unterkategorie anlegen',
    edit: 'Kategorie bearbeiten',
    empty: 'Noch keine Inhalte vorhanden.',
    loadFailed: 'Die Inhalte konnten nicht geladen werden.',
    expand: (name: string) => `${name} ausklappen`,
    collapse: (name: string) => `${name} einklappen`,
    move: (name: string) => `${name} verschieben`,
    actions: (name: string) => `Aktionen für ${name}`,
    saved: 'Die Kategorie wurde gespeichert.',
    deleted: 'Die Kategorie wurde gelöscht.',
    form: {
      name: 'Name',
      type: 'Typ',
      typePlaceholder: 'Typ wählen',
      url: 'URL',
      urlHint: 'Eine Adresse mit https:// öffnet sich in einem neuen Tab, ein Pfad wie /event im Portal.',
      description: 'Beschreibung',
      parent: 'Übergeordnete Kategorie',
      parentNone: 'Keine (oberste Ebene)',
      visibility: 'Sichtbarkeit',
      quickAccess: 'Im Schnellzugriff anzeigen',
    },
    dnd: {
      instructions:
        'Zum Aufnehmen die Leertaste drücken. Mit den Pfeiltasten nach oben und unten verschieben, mit links und rechts die Ebene wechseln. Die Leertaste legt ab, Escape bricht ab.',
      picked: (name: string) => `${name} aufgenommen.`,
      over: (name: string, level: number, parent: string | null) =>
        parent ? `${name}: Ebene ${level}, unter ${parent}.` : `${name}: oberste Ebene.`,
      dropped: (name: string) => `${name} abgelegt.`,
      cancelled: (name: string) => `Verschieben abgebrochen. ${name} bleibt an seinem Platz.`,
    },
  },
  quickAccess: {
    heading: 'Schnellzugriff',
    empty: 'Keine Einträge im Schnellzugriff.',
  },
  content: {
    empty: 'Keine Einträge vorhanden.',
    notFound: 'Diese Seite gibt es nicht oder sie ist für Sie nicht sichtbar.',
    loadFailed: 'Die Einträge konnten nicht geladen werden.',
    create: 'Neuer Eintrag',
    edit: 'Eintrag bearbeiten',
    moveUp: 'Nach oben',
    moveDown: 'Nach unten',
    actionsOf: (title: string) => `Aktionen für ${title}`,
    saved: 'Der Eintrag wurde gespeichert.',
    deleted: 'Der Eintrag wurde gelöscht.',
    form: {
      title: 'Titel',
      preText: 'Text vor der Tabelle',
      postText: 'Text nach der Tabelle',
      textHint: 'Leerzeilen trennen Absätze. HTML ist erlaubt und wird beim Speichern bereinigt.',
      csvFile: 'CSV-Datei',
      csvHint: 'Trennzeichen Semikolon, Komma oder Tabulator; die erste Zeile enthält die Spaltennamen.',
      csvPlaceholder: 'Datei auswählen',
      csvType: CONTENT_MESSAGES.csvType,
      currentTable: (name: string, rows: number) => `Aktuelle Tabelle: ${name} (${formatCount(rows)} Zeilen)`,
      removeTable: 'Tabelle entfernen',
    },
    table: {
      label: (title: string) => `Tabelle: ${title}`,
      search: 'Suchen',
      pageSize: 'Zeilen pro Seite',
      all: 'Alle',
      rows: (from: number, to: number, total: number) =>
        total === 0
          ? 'Keine Zeilen'
          : `Zeilen ${formatCount(from)}–${formatCount(to)} von ${formatCount(total)}`,
      pagination: 'Seiten der Tabelle',
      page: (page: number) => `Seite ${page}`,
      firstPage: 'Erste Seite',
      previousPage: 'Vorherige Seite',
      nextPage: 'Nächste Seite',
      lastPage: 'Letzte Seite',
      noMatches: 'Keine passenden Zeilen gefunden.',
      loadingRows: 'Zeilen werden geladen …',
      download: 'Tabelle herunterladen',
    },
  },
  pages: {
    dashboard: 'Dashboard',
    blog: 'MarkenKreis-Info',
    blogCeo: 'FMK-Intern',
    content: 'Inhalt',
    events: 'Veranstaltungen',
    forums: 'Foren',
    thread: 'Thema',
    media: 'Mediathek',
    services: 'Dienstleistungsangebote',
  },
} as const;

function formatCount(value: number): string {
  return value.toLocaleString('de-DE');
}
