import { APP_PATHS, appLink, type TAppAddresses } from '@portal/contract';
import { htmlToText } from '../../platform/html/text.ts';
import type { RenderedMail } from '../../platform/mail/mail-layout.ts';
import { renderNotificationMail } from '../../platform/mail/notification-mail.ts';

/** Characters of the reply the mail quotes at most. */
const QUOTE_MAX = 500;

export interface ReplyMailInput {
  forum: { id: number; name: string };
  thread: { id: number; name: string };
  /** the reply and the page of the thread it is on (FORUM_POSTS_PAGE_SIZE a page, as the web shows it) */
  post: { id: number; content: string; page: number };
  /** who wrote the reply (null: a deleted user) */
  authorName: string | null;
  addresses: TAppAddresses;
  /** the recipient's one-click unsubscribe address */
  unsubscribeUrl: string;
}

/** The plain text of the reply, cut after QUOTE_MAX characters at a word's end. */
export function shortenedText(html: string, max = QUOTE_MAX): string {
  const text = htmlToText(html);
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const wordEnd = cut.search(/\s\S*$/);
  return `${(wordEnd > max / 2 ? cut.slice(0, wordEnd) : cut).trimEnd()} …`;
}

/** The German mail that tells a follower about a reply in a thread (issue 17). */
export function replyMail(input: ReplyMailInput): RenderedMail {
  const { forum, thread, post, addresses } = input;
  // as the search links a post: the page (when not the first) and the post to bring into view
  const link = appLink(APP_PATHS.thread(forum.id, thread.id, { page: post.page, post: post.id }), addresses);
  const who = input.authorName ?? 'Ein ehemaliges Mitglied';
  return renderNotificationMail({
    subject: `Neue Antwort im Forum: „${thread.name}“`,
    kicker: 'Neue Antwort im Forum',
    heading: thread.name,
    blocks: [
      {
        kind: 'paragraph',
        text: `${who} hat im Forum „${forum.name}“ auf das Thema „${thread.name}“ geantwortet:`,
      },
      { kind: 'quote', text: shortenedText(post.content) || '(nur Bilder oder Anhänge)' },
      { kind: 'link', label: 'Zur Antwort', href: link },
      {
        kind: 'paragraph',
        text:
          'Weitere Antworten in diesem Thema melden wir Ihnen erst wieder per E-Mail, wenn Sie es im Portal ' +
          'geöffnet haben.',
      },
    ],
    unsubscribe: { url: input.unsubscribeUrl, what: 'E-Mails zu Antworten im Forum' },
    settingsUrl: appLink(APP_PATHS.notificationSettings, addresses),
  });
}
