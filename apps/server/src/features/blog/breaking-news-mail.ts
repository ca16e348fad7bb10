import { APP_PATHS, appLink, type TAppAddresses } from '@portal/contract';
import { htmlToText } from '../../platform/html/text.ts';
import { type MailBlock, type RenderedMail, renderMail } from '../../platform/mail/mail-layout.ts';

/** The breaking-news mail (German, HTML and text): title, pre-text and a link to the post. */
export function breakingNewsMail(
  post: { id: number; title: string; preText: string },
  addresses: TAppAddresses,
): RenderedMail {
  const paragraphs = htmlToText(post.preText)
    .split(/\n{2,}/)
    .map((text): MailBlock => ({ kind: 'paragraph', text }));
  return renderMail({
    subject: `Eilmeldung: ${post.title}`,
    kicker: 'Eilmeldung aus dem Mitgliederportal',
    tone: 'alert',
    heading: post.title,
    blocks: [
      ...paragraphs,
      { kind: 'link', label: 'Zum Beitrag', href: appLink(APP_PATHS.post(post.id), addresses) },
    ],
    // Breaking news always comes by mail (the settings page says so): no link turns it off.
    footer: { reason: 'Sie erhalten diese E-Mail als Mitglied des Portals.' },
  });
}
