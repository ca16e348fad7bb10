import { APP_PATHS, appLink, type TAppAddresses } from '@portal/contract';
import type { NewsRows } from '../../platform/db/news-rows.ts';
import type { MailBlock, RenderedMail } from '../../platform/mail/mail-layout.ts';
import { renderNotificationMail } from '../../platform/mail/notification-mail.ts';
import { countText, type DigestEntry, type DigestSection } from '../../platform/registry/digest-section.ts';
import { berlinDateTime } from '../../platform/time/berlin-time.ts';
import type { TDigestPeriod } from './digest-slots.ts';

/** One section of a member's digest: its first entries and how many there are in all. */
export interface DigestPart {
  section: Pick<DigestSection, 'title' | 'counted'>;
  news: NewsRows<DigestEntry>;
}

export interface DigestMailInput {
  username: string;
  period: TDigestPeriod;
  /** the start of the window: 'what is new since …' */
  since: Date;
  /** the sections the member reads, in the modules' order */
  parts: readonly DigestPart[];
  addresses: TAppAddresses;
  unsubscribeUrl: string;
}

export const isEmptyDigest = (parts: readonly DigestPart[]) => parts.every((part) => part.news.total === 0);

/** 'Neues im Mitgliederportal: 3 Beiträge, 1 Veranstaltung, 2 Themen' – only the sections with entries. */
function digestSubject(parts: readonly DigestPart[]): string {
  const counted = parts
    .filter((part) => part.news.total > 0)
    .map(({ section, news }) => countText(news.total, section.counted.one, section.counted.many));
  return `Neues im Mitgliederportal: ${counted.join(', ')}`;
}

function list({ section, news }: DigestPart, link: (path: string) => string): MailBlock[] {
  if (news.total === 0) return [];
  const more = news.total - news.rows.length;
  const items = news.rows.map((entry) => ({
    label: entry.label,
    href: link(entry.path),
    ...(entry.detail === undefined ? {} : { detail: entry.detail }),
  }));
  return [{ kind: 'list', title: section.title, items, ...(more > 0 ? { more } : {}) }];
}

/** The German digest mail (HTML and text) with the settings and one-click unsubscribe links. */
export function renderDigestMail(input: DigestMailInput): RenderedMail {
  const { parts, addresses } = input;
  const link = (path: string) => appLink(path, addresses);
  const blocks: MailBlock[] = [
    {
      kind: 'paragraph',
      text: `Hallo ${input.username},\nhier ist, was seit dem ${berlinDateTime.format(input.since)} Uhr für Sie neu ist.`,
    },
    ...parts.flatMap((part) => list(part, link)),
  ];
  return renderNotificationMail({
    subject: digestSubject(parts),
    kicker: 'Neues im Mitgliederportal',
    heading:
      input.period === 'weekly' ? 'Ihre wöchentliche Zusammenfassung' : 'Ihre tägliche Zusammenfassung',
    blocks,
    unsubscribe: { url: input.unsubscribeUrl, what: 'Zusammenfassungen' },
    settingsUrl: link(APP_PATHS.notificationSettings),
  });
}
