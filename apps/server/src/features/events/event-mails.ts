import { APP_PATHS, appLink, type TAppAddresses } from '@portal/contract';
import { fileSlug } from '../../platform/http/content-disposition.ts';
import { type RenderedMail, renderMail } from '../../platform/mail/mail-layout.ts';
import type { MailAttachment, OutgoingMail } from '../../platform/mail/mail-outbox.ts';
import { berlinDateTime } from '../../platform/time/berlin-time.ts';

/** What the mails say of an event: its name, time and place as stored. */
export interface MailedEvent {
  id: number;
  name: string;
  startAt: Date;
  endAt: Date;
  location: string | null;
}

const when = (event: Pick<MailedEvent, 'startAt' | 'endAt'>) =>
  `${berlinDateTime.format(event.startAt)} bis ${berlinDateTime.format(event.endAt)} Uhr`;
const where = (location: string | null) => location?.trim() || 'ohne Ortsangabe';

const FOOTER_REASON =
  'Sie erhalten diese E-Mail, weil Sie sich zu dieser Veranstaltung angemeldet haben oder auf ihrer Warteliste stehen.';

/** The event's .ics as a mail attachment. */
export function calendarAttachment(event: Pick<MailedEvent, 'id' | 'name'>, ics: string): MailAttachment {
  const slug = fileSlug(event.name) || `veranstaltung-${event.id}`;
  return { filename: `${slug}.ics`, contentType: 'text/calendar; charset=utf-8', content: ics };
}

/** The reminder `reminderHours` before the start: date, time and place, the link and the .ics. */
export function reminderMail(event: MailedEvent, addresses: TAppAddresses): RenderedMail {
  return renderMail({
    subject: `Erinnerung: ${event.name} am ${berlinDateTime.format(event.startAt)} Uhr`,
    kicker: 'Erinnerung an Ihre Veranstaltung',
    heading: event.name,
    blocks: [
      {
        kind: 'paragraph',
        text: 'Guten Tag,\nwir erinnern Sie an die Veranstaltung, zu der Sie angemeldet sind.',
      },
      { kind: 'paragraph', text: `Wann: ${when(event)}\nWo: ${where(event.location)}` },
      { kind: 'paragraph', text: 'Den Termin für Ihren Kalender finden Sie im Anhang.' },
      { kind: 'link', label: 'Zur Veranstaltung', href: appLink(APP_PATHS.event(event.id), addresses) },
    ],
    footer: { reason: FOOTER_REASON },
  });
}

/** The lines of a change of time or place, old → new; empty when neither changed. */
export function changeLines(before: MailedEvent, after: MailedEvent): string[] {
  const lines: string[] = [];
  if (
    before.startAt.getTime() !== after.startAt.getTime() ||
    before.endAt.getTime() !== after.endAt.getTime()
  )
    lines.push(`Zeit: ${when(before)} → ${when(after)}`);
  if (where(before.location) !== where(after.location))
    lines.push(`Ort: ${where(before.location)} → ${where(after.location)}`);
  return lines;
}

/** An admin changed the time or place of an event the member answered: what changed, old → new. */
export function changeMail(
  after: MailedEvent,
  lines: readonly string[],
  addresses: TAppAddresses,
): RenderedMail {
  return renderMail({
    subject: `Geändert: ${after.name}`,
    kicker: 'Veranstaltung geändert',
    heading: after.name,
    blocks: [
      {
        kind: 'paragraph',
        text: 'Guten Tag,\ndie Veranstaltung, zu der Sie sich angemeldet haben, wurde geändert:',
      },
      { kind: 'paragraph', text: lines.join('\n') },
      { kind: 'link', label: 'Zur Veranstaltung', href: appLink(APP_PATHS.event(after.id), addresses) },
    ],
    footer: { reason: FOOTER_REASON },
  });
}

/** The event is cancelled ('abgesagt'): by the cancel route (the event stays, linked) or a deletion (gone). */
export function cancelMail(event: MailedEvent, stays: boolean, addresses: TAppAddresses): RenderedMail {
  return renderMail({
    subject: `Abgesagt: ${event.name} am ${berlinDateTime.format(event.startAt)} Uhr`,
    kicker: 'Veranstaltung abgesagt',
    tone: 'alert',
    heading: event.name,
    blocks: [
      {
        kind: 'paragraph',
        text: `Guten Tag,\ndie Veranstaltung am ${when(event)} (${where(event.location)}) wurde abgesagt.`,
      },
      ...(stays
        ? [
            {
              kind: 'link' as const,
              label: 'Zur Veranstaltung',
              href: appLink(APP_PATHS.event(event.id), addresses),
            },
          ]
        : []),
    ],
    footer: { reason: FOOTER_REASON },
  });
}

/** One mail per address, with the event's topic. */
export function mailsTo(
  recipients: readonly string[],
  mail: RenderedMail,
  topic: string,
  attachments?: readonly MailAttachment[],
): OutgoingMail[] {
  return recipients.map((recipient) => ({
    ...mail,
    recipient,
    topic,
    ...(attachments ? { attachments } : {}),
  }));
}
