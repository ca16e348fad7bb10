import { APP_PATHS, appLink, type TAppAddresses } from '@portal/contract';
import type { NewsRows } from '../../platform/db/news-rows.ts';
import type { MailBlock, RenderedMail } from '../../platform/mail/mail-layout.ts';
import { renderNotificationMail } from '../../platform/mail/notification-mail.ts';
import type { TDigestPeriod } from './digest-slots.ts';

/** What one member's digest lists, each section with its first rows and how many there are in all. */
export interface DigestContent {
  posts: NewsRows<{ id: number; title: string; publishedAt: Date }>;
  events: NewsRows<{ id: number; name: string; startAt: Date }>;
  threads: NewsRows<{ id: number; forumId: number; name: string; forumName: string; posts: number }>;
  pages: NewsRows<{ id: number; categoryId: number; title: string }>;
}

export interface DigestMailInput {
  username: string;
  period: TDigestPeriod;
  /** the start of the window: 'what is new since …' */
  since: Date;
  content: DigestContent;
  addresses: TAppAddresses;
  unsubscribeUrl: string;
}

const berlin = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', ...options });
const dateFormat = berlin({ day: '2-digit', month: '2-digit', year: 'numeric' });
const dateTimeFormat = berlin({
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** '1 Beitrag', '3 Beiträge' */
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const isEmptyDigest = (content: DigestContent) =>
  content.posts.total + content.events.total + content.threads.total + content.pages.total === 0;

/** 'Neues im Mitgliederportal: 3 Beiträge, 1 Veranstaltung, 2 Themen' – only the sections with entries. */
function digestSubject(content: DigestContent): string {
  const parts = [
    [content.posts.total, 'Beitrag', 'Beiträge'],
    [content.events.total, 'Veranstaltung', 'Veranstaltungen'],
    [content.threads.total, 'Thema', 'Themen'],
    [content.pages.total, 'Inhaltsseite', 'Inhaltsseiten'],
  ] as const;
  const counted = parts.filter(([n]) => n > 0).map(([n, one, many]) => count(n, one, many));
  return `Neues im Mitgliederportal: ${counted.join(', ')}`;
}

function list<Row>(
  title: string,
  section: NewsRows<Row>,
  item: (row: Row) => { label: string; href: string; detail?: string },
): MailBlock[] {
  if (section.total === 0) return [];
  const more = section.total - section.rows.length;
  return [{ kind: 'list', title, items: section.rows.map(item), ...(more > 0 ? { more } : {}) }];
}

/** The German digest mail (HTML and text) with the settings and one-click unsubscribe links. */
export function renderDigestMail(input: DigestMailInput): RenderedMail {
  const { content, addresses } = input;
  const link = (path: string) => appLink(path, addresses);
  const blocks: MailBlock[] = [
    {
      kind: 'paragraph',
      text: `Hallo ${input.username},\nhier ist, was seit dem ${dateTimeFormat.format(input.since)} Uhr für Sie neu ist.`,
    },
    ...list('Neuigkeiten', content.posts, (post) => ({
      label: post.title,
      href: link(APP_PATHS.post(post.id)),
      detail: dateFormat.format(post.publishedAt),
    })),
    ...list('Veranstaltungen', content.events, (event) => ({
      label: event.name,
      href: link(APP_PATHS.event(event.id)),
      detail: `am ${dateTimeFormat.format(event.startAt)} Uhr`,
    })),
    ...list('Forum', content.threads, (thread) => ({
      label: thread.name,
      href: link(APP_PATHS.thread(thread.forumId, thread.id)),
      detail: `${thread.forumName}, ${count(thread.posts, 'neuer Beitrag', 'neue Beiträge')}`,
    })),
    ...list('Geänderte Inhaltsseiten', content.pages, (page) => ({
      label: page.title,
      href: link(APP_PATHS.contentItem(page.categoryId, page.id)),
    })),
  ];
  return renderNotificationMail({
    subject: digestSubject(content),
    kicker: 'Neues im Mitgliederportal',
    heading:
      input.period === 'weekly' ? 'Ihre wöchentliche Zusammenfassung' : 'Ihre tägliche Zusammenfassung',
    blocks,
    unsubscribe: { url: input.unsubscribeUrl, what: 'Zusammenfassungen' },
    settingsUrl: link(APP_PATHS.notificationSettings),
  });
}
