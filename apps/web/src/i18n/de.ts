import { AUTH_MESSAGES } from '@portal/contract';

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
