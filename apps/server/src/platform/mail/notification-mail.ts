import { type MailBlock, type RenderedMail, renderMail } from './mail-layout.ts';

export interface NotificationMailInput {
  subject: string;
  /** the small line above the heading, e.g. 'Neue Antwort im Forum' */
  kicker: string;
  heading: string;
  blocks: readonly MailBlock[];
  /** the one-click address that turns this kind of mail off, and what it turns off ('E-Mails zu Antworten im Forum') */
  unsubscribe: { url: string; what: string };
  /** the settings screen of the portal */
  settingsUrl: string;
}

/**
 * A German notification mail (forum reply, digest): the mail layout, whose footer ends with the settings link
 * and the one-click unsubscribe link that the List-Unsubscribe header carries too.
 */
export function renderNotificationMail(input: NotificationMailInput): RenderedMail {
  const { unsubscribe, settingsUrl, ...content } = input;
  return renderMail({
    ...content,
    footer: {
      reason: 'Sie erhalten diese E-Mail, weil Sie Benachrichtigungen des Mitgliederportals erhalten.',
      links: [
        { label: 'Benachrichtigungen ändern', href: settingsUrl },
        { label: `Keine ${unsubscribe.what} mehr erhalten`, href: unsubscribe.url },
      ],
    },
  });
}
