import { APP_PATHS, appLink, type TAppAddresses } from '@portal/contract';
import { escapeHtml, htmlToText } from '../../platform/html/text.ts';

interface BreakingNewsMail {
  subject: string;
  html: string;
  text: string;
}

/** The breaking-news mail (German, HTML and text): title, pre-text and a link to the post. */
export function breakingNewsMail(
  post: { id: number; title: string; preText: string },
  addresses: TAppAddresses,
) {
  const link = appLink(APP_PATHS.post(post.id), addresses);
  const preText = htmlToText(post.preText);
  const subject = `Eilmeldung: ${post.title}`.replace(/[\r\n]+/g, ' ');
  const text = [
    'Eilmeldung aus dem Mitgliederportal',
    '',
    post.title,
    '',
    preText,
    '',
    `Zum Beitrag: ${link}`,
    '',
    '-- ',
    'Sie erhalten diese E-Mail als Mitglied des Portals.',
  ].join('\n');
  const paragraphs = preText
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replaceAll('\n', '<br>')}</p>`)
    .join('\n');
  const html = `<!doctype html>
<html lang="de">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family: Arial, Helvetica, sans-serif; color: #1a1a1a; line-height: 1.5;">
<p style="color: #c92a2a; font-weight: bold; text-transform: uppercase;">Eilmeldung</p>
<h1 style="font-size: 22px;">${escapeHtml(post.title)}</h1>
${paragraphs}
<p><a href="${escapeHtml(link)}" style="color: #1c7ed6;">Zum Beitrag</a></p>
<p style="color: #868e96; font-size: 12px;">Sie erhalten diese E-Mail als Mitglied des Portals.</p>
</body>
</html>
`;
  return { subject, html, text } satisfies BreakingNewsMail;
}
