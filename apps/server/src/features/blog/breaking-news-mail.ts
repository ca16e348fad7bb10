import {
  APP_PATHS,
  appLink,
  circularLabel,
  type TAppAddresses,
  type TCircularNumber,
} from '@portal/contract';
import { htmlToText } from '../../platform/html/text.ts';
import { type MailBlock, type RenderedMail, renderMail } from '../../platform/mail/mail-layout.ts';

/**
 * The breaking-news mail (German, HTML and text): title, pre-text and a link to the post. A circular's mail
 * (issue 34) has its number in the subject and the heading and links its attachments: each opens the
 * circular, where the member downloads them (a file's own address expires, a mail stays).
 */
export function breakingNewsMail(
  post: {
    id: number;
    title: string;
    preText: string;
    number?: TCircularNumber | null;
    attachmentNames?: readonly string[];
  },
  addresses: TAppAddresses,
): RenderedMail {
  const paragraphs = htmlToText(post.preText)
    .split(/\n{2,}/)
    .map((text): MailBlock => ({ kind: 'paragraph', text }));
  const title = post.number ? `${circularLabel(post.number)}: ${post.title}` : post.title;
  const href = appLink(APP_PATHS.post(post.id), addresses);
  const attachments: MailBlock[] =
    post.attachmentNames && post.attachmentNames.length > 0
      ? [
          {
            kind: 'list',
            title: 'Anhänge',
            items: post.attachmentNames.map((name) => ({ label: name, href })),
          },
        ]
      : [];
  return renderMail({
    subject: `Eilmeldung: ${title}`,
    kicker: 'Eilmeldung aus dem Mitgliederportal',
    tone: 'alert',
    heading: title,
    blocks: [
      ...paragraphs,
      ...attachments,
      { kind: 'link', label: post.number ? 'Zum Rundschreiben' : 'Zum Beitrag', href },
    ],
    // Breaking news always comes by mail (the settings page says so): no link turns it off.
    footer: { reason: 'Sie erhalten diese E-Mail als Mitglied des Portals.' },
  });
}
