import { APP_PATHS, appLink, type TAppAddresses } from '@portal/contract';
import type { RenderedMail } from '../../platform/mail/mail-layout.ts';
import { renderNotificationMail } from '../../platform/mail/notification-mail.ts';
import type { PostPlace } from './forum-notices.ts';
import { shortenedText } from './reply-mail.ts';

export interface MentionMailInput {
  place: PostPlace;
  /** who mentioned the member, by name */
  authorName: string;
  addresses: TAppAddresses;
  /** the recipient's one-click unsubscribe address (kind `mentions`) */
  unsubscribeUrl: string;
}

/** The German mail that tells a member someone mentioned them in a forum post (issue 37 point 2). */
export function mentionMail(input: MentionMailInput): RenderedMail {
  const { place, addresses } = input;
  return renderNotificationMail({
    subject: `${input.authorName} hat Sie im Forum erwähnt: „${place.threadName}“`,
    kicker: 'Erwähnung im Forum',
    heading: place.threadName,
    blocks: [
      {
        kind: 'paragraph',
        text: `${input.authorName} hat Sie im Forum „${place.forumName}“ im Thema „${place.threadName}“ erwähnt:`,
      },
      { kind: 'quote', text: shortenedText(place.content) || '(nur Bilder oder Anhänge)' },
      { kind: 'link', label: 'Zum Beitrag', href: appLink(place.link, addresses) },
    ],
    unsubscribe: { url: input.unsubscribeUrl, what: 'E-Mails zu Erwähnungen' },
    settingsUrl: appLink(APP_PATHS.notificationSettings, addresses),
  });
}
