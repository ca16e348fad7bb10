import {
  APP_PATHS,
  appLink,
  CONFIRMATION_REMINDER_DAYS_BEFORE,
  circularLabel,
  type TAppAddresses,
  type TCircularNumber,
} from '@portal/contract';
import { type RenderedMail, renderMail } from '../../platform/mail/mail-layout.ts';
import { berlinDate, berlinDayStart } from '../../platform/time/berlin-time.ts';

/** Who sends a reminder: the job before and on the day, or the office ('Erinnerung senden'). */
export type ReminderOccasion = 'before' | 'due' | 'office';

const LEAD: Record<ReminderOccasion, (confirmBy: string) => string> = {
  before: (day) =>
    `in ${CONFIRMATION_REMINDER_DAYS_BEFORE} Tagen, bis zum ${day}, bittet die Geschäftsstelle um Ihre Lesebestätigung zu diesem Rundschreiben.`,
  due: (day) => `heute, am ${day}, endet die Frist für Ihre Lesebestätigung zu diesem Rundschreiben.`,
  office: (day) =>
    `die Geschäftsstelle bittet bis zum ${day} um Ihre Lesebestätigung zu diesem Rundschreiben.`,
};

/** The reminder to confirm a circular (German, HTML and text), linking the circular in the app. */
export function confirmationReminderMail(
  post: { id: number; title: string; number: TCircularNumber; confirmBy: string | null },
  occasion: ReminderOccasion,
  addresses: TAppAddresses,
): RenderedMail {
  const label = circularLabel(post.number);
  const day = post.confirmBy ? berlinDate.format(berlinDayStart(post.confirmBy)) : '';
  const lead = post.confirmBy
    ? LEAD[occasion](day)
    : 'die Geschäftsstelle bittet um Ihre Lesebestätigung zu diesem Rundschreiben.';
  return renderMail({
    subject: `Bitte bestätigen: ${label} – ${post.title}`,
    kicker: 'Lesebestätigung erbeten',
    heading: `${label}: ${post.title}`,
    blocks: [
      { kind: 'paragraph', text: `Guten Tag,\n${lead}` },
      {
        kind: 'paragraph',
        text: 'Bitte öffnen Sie das Rundschreiben und wählen Sie an seinem Ende „Gelesen und zur Kenntnis genommen“.',
      },
      { kind: 'link', label: 'Zum Rundschreiben', href: appLink(APP_PATHS.post(post.id), addresses) },
    ],
    footer: {
      reason:
        'Sie erhalten diese E-Mail, weil das Rundschreiben an Sie gerichtet ist und Ihre Bestätigung noch aussteht. Nach Ihrer Bestätigung erhalten Sie keine Erinnerung mehr.',
    },
  });
}
