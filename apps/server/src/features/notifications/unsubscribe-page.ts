import { NOTIFICATIONS_API, type TNotificationKind } from '@portal/contract';
import { escapeHtml } from '../../platform/html/text.ts';
import type { UnsubscribeLink } from './unsubscribe.service.ts';

const KINDS: Record<TNotificationKind, { question: string; done: string }> = {
  forumReplies: {
    question: 'Möchten Sie keine E-Mails zu Antworten im Forum mehr erhalten?',
    done: 'Sie erhalten keine E-Mails zu Antworten im Forum mehr.',
  },
  digest: {
    question: 'Möchten Sie die Zusammenfassung der Neuigkeiten nicht mehr per E-Mail erhalten?',
    done: 'Sie erhalten keine Zusammenfassung der Neuigkeiten mehr per E-Mail.',
  },
  mentions: {
    question: 'Möchten Sie keine E-Mails mehr erhalten, wenn Sie jemand im Forum erwähnt?',
    done: 'Sie erhalten keine E-Mails mehr, wenn Sie jemand im Forum erwähnt. In den Benachrichtigungen des Portals sehen Sie Erwähnungen weiterhin.',
  },
};

export interface UnsubscribePage {
  status: 200 | 400 | 410;
  html: string;
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="de">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>
body { font-family: Arial, Helvetica, sans-serif; color: #1a1a1a; line-height: 1.5; margin: 0; background: #f1f3f5; }
main { max-width: 34rem; margin: 3rem auto; padding: 1.5rem 2rem; background: #fff; border-radius: 8px; }
h1 { font-size: 1.5rem; margin-top: 0; }
button { font: inherit; color: #fff; background: #1864ab; border: 0; border-radius: 4px; padding: 0.6rem 1.4rem; cursor: pointer; }
button:focus-visible { outline: 3px solid #74c0fc; outline-offset: 2px; }
a { color: #1864ab; }
.hint { color: #495057; font-size: 0.9rem; }
</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>
`;
}

/** `settingsUrl`: the absolute link to the web app's 'Benachrichtigungen' (contract `appLink`). */
function settingsLink(settingsUrl: string): string {
  return `<a href="${escapeHtml(settingsUrl)}">Benachrichtigungen</a>`;
}

/** The page that asks before turning off: its button posts the link's token to the same address. */
function confirmation(kind: TNotificationKind, token: string, settingsUrl: string): string {
  const action = `${NOTIFICATIONS_API.unsubscribe}?token=${encodeURIComponent(token)}`;
  return page(
    'E-Mails abbestellen',
    `<p>${escapeHtml(KINDS[kind].question)}</p>
<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<input type="hidden" name="token" value="${escapeHtml(token)}">
<button type="submit">Abbestellen</button>
</form>
<p class="hint">Alle Benachrichtigungen können Sie jederzeit im Portal unter ${settingsLink(settingsUrl)} ändern.</p>`,
  );
}

/** The German page for the state of a link: the question after a GET, the result after the POST. */
export function unsubscribePage(
  link: UnsubscribeLink,
  step: { shown: 'question'; token: string } | { shown: 'result' },
  settingsUrl: string,
): UnsubscribePage {
  switch (link.state) {
    case 'invalid':
      return {
        status: 400,
        html: page(
          'Ungültiger Link',
          `<p>Dieser Abmeldelink ist ungültig. Bitte öffnen Sie den vollständigen Link aus der E-Mail.</p>
<p class="hint">Ihre Benachrichtigungen können Sie auch im Portal unter ${settingsLink(settingsUrl)} ändern.</p>`,
        ),
      };
    case 'spent':
      return {
        status: 410,
        html: page(
          'Link nicht mehr gültig',
          `<p>Dieser Abmeldelink wurde bereits verwendet oder Ihre Einstellungen haben sich seitdem geändert.</p>
<p class="hint">Ihre aktuellen Benachrichtigungen sehen und ändern Sie im Portal unter ${settingsLink(settingsUrl)}.</p>`,
        ),
      };
    case 'valid':
      if (step.shown === 'question')
        return { status: 200, html: confirmation(link.kind, step.token, settingsUrl) };
      return {
        status: 200,
        html: page(
          'Abbestellt',
          `<p>${escapeHtml(KINDS[link.kind].done)}</p>
<p class="hint">Das können Sie jederzeit im Portal unter ${settingsLink(settingsUrl)} wieder ändern.</p>`,
        ),
      };
  }
}
