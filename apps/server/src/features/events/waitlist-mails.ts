import { APP_PATHS, appLink, REGISTRATION_LABELS, type TAppAddresses } from '@portal/contract';
import type { Executor } from '../../platform/db/executor.ts';
import { renderMail } from '../../platform/mail/mail-layout.ts';
import type { MailOutbox } from '../../platform/mail/mail-outbox.ts';
import { berlinDateTime } from '../../platform/time/berlin-time.ts';
import { noticeMovedUp } from './event-notices.ts';

/** What a move-up mail needs: the outbox of the transaction and the app's addresses for the link. */
export interface WaitlistMailer {
  outbox: Pick<MailOutbox, 'enqueue'>;
  addresses: TAppAddresses;
}

interface MovedUp {
  event: { id: number; name: string; startAt: Date; location: string | null };
  member: { userId: number; email: string | null };
  guests: number;
}

/** The German mail to a member who moved up from the waiting list to a place. */
function movedUpMail({ event, guests }: MovedUp, addresses: TAppAddresses) {
  const when = `${berlinDateTime.format(event.startAt)} Uhr`;
  const details = [`Termin: ${when}`, ...(event.location ? [`Ort: ${event.location}`] : [])];
  if (guests > 0) details.push(`Ihr Platz gilt mit ${REGISTRATION_LABELS.guests(guests)}.`);
  return renderMail({
    subject: `Sie sind nachgerückt: ${event.name} am ${when}`,
    kicker: 'Platz von der Warteliste',
    heading: event.name,
    blocks: [
      {
        kind: 'paragraph',
        text: `Guten Tag,\nein Platz ist frei geworden: Sie sind von der Warteliste nachgerückt und für „${event.name}“ angemeldet.`,
      },
      { kind: 'paragraph', text: details.join('\n') },
      {
        kind: 'paragraph',
        text: 'Wenn Sie doch nicht teilnehmen können, sagen Sie bitte in der Veranstaltung ab, damit der Platz weitergegeben wird.',
      },
      { kind: 'link', label: 'Zur Veranstaltung', href: appLink(APP_PATHS.event(event.id), addresses) },
    ],
    footer: {
      reason: 'Sie erhalten diese E-Mail, weil Sie auf der Warteliste dieser Veranstaltung standen.',
    },
  });
}

/**
 * Queues the move-up mail in the transaction that gave the place (none to a member without address), and
 * tells the member in the notification centre (issue 37).
 */
export async function queueMovedUpMail(
  trx: Executor,
  mailer: WaitlistMailer,
  moved: MovedUp,
  now: Date,
): Promise<void> {
  await noticeMovedUp(trx, moved.member.userId, moved.event, now);
  if (!moved.member.email) return;
  const mail = movedUpMail(moved, mailer.addresses);
  await mailer.outbox.enqueue(trx, [{ recipient: moved.member.email, ...mail }]);
}
