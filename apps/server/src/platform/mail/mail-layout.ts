import { escapeHtml } from '../html/text.ts';

/** A piece of a mail, rendered both as HTML and as plain text. */
export type MailBlock =
  | { kind: 'paragraph'; text: string }
  /** quoted text of someone else, e.g. the start of a forum reply */
  | { kind: 'quote'; text: string }
  | { kind: 'link'; label: string; href: string }
  /** a titled list of links, e.g. a digest section; `more` counts entries left out */
  | {
      kind: 'list';
      title: string;
      items: readonly { label: string; href: string; detail?: string }[];
      more?: number;
    };

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ').trim();
const LINK_STYLE = 'color: #1c7ed6;';

function blockHtml(block: MailBlock): string {
  switch (block.kind) {
    case 'paragraph':
      return `<p>${escapeHtml(block.text).replaceAll('\n', '<br>')}</p>`;
    case 'quote':
      return `<blockquote style="margin: 0 0 16px; padding: 8px 12px; border-left: 3px solid #ced4da; color: #495057;">${escapeHtml(block.text).replaceAll('\n', '<br>')}</blockquote>`;
    case 'link':
      return `<p><a href="${escapeHtml(block.href)}" style="${LINK_STYLE}">${escapeHtml(block.label)}</a></p>`;
    case 'list': {
      const items = block.items
        .map((item) => {
          const detail = item.detail
            ? ` <span style="color: #868e96;">(${escapeHtml(item.detail)})</span>`
            : '';
          return `<li><a href="${escapeHtml(item.href)}" style="${LINK_STYLE}">${escapeHtml(item.label)}</a>${detail}</li>`;
        })
        .join('\n');
      const more = block.more ? `\n<p style="color: #868e96;">und ${block.more} weitere</p>` : '';
      return `<h2 style="font-size: 17px; margin: 20px 0 8px;">${escapeHtml(block.title)}</h2>\n<ul>\n${items}\n</ul>${more}`;
    }
  }
}

function blockText(block: MailBlock): string {
  switch (block.kind) {
    case 'paragraph':
      return block.text;
    case 'quote':
      return block.text
        .split('\n')
        .map((line) => `> ${line}`)
        .join('\n');
    case 'link':
      return `${block.label}: ${block.href}`;
    case 'list': {
      const items = block.items.map(
        (item) => `- ${item.label}${item.detail ? ` (${item.detail})` : ''}\n  ${item.href}`,
      );
      const more = block.more ? [`und ${block.more} weitere`] : [];
      return [block.title, '', ...items, ...more].join('\n');
    }
  }
}

/** The end of a mail: why the member gets it, and the links that change that (settings, unsubscribe). */
interface MailFooter {
  reason: string;
  links?: readonly { label: string; href: string }[];
}

export interface MailInput {
  subject: string;
  /** the small line above the heading, e.g. 'Neue Antwort im Forum'; `alert` shows it in red (breaking news) */
  kicker: string;
  tone?: 'notice' | 'alert';
  heading: string;
  blocks: readonly MailBlock[];
  footer: MailFooter;
}

const KICKER_STYLE = { notice: 'color: #1c7ed6;', alert: 'color: #c92a2a;' } as const;
const FOOTER_STYLE = 'color: #868e96;';

/**
 * The one layout of every German mail of the portal (decision 0137), as HTML and as plain text with the same
 * content: kicker, heading, blocks, and after a separator the footer.
 */
export function renderMail(input: MailInput): RenderedMail {
  const subject = oneLine(input.subject);
  const links = input.footer.links ?? [];
  const text = [
    input.kicker,
    '',
    input.heading,
    '',
    ...input.blocks.flatMap((block) => [blockText(block), '']),
    '-- ',
    input.footer.reason,
    ...links.map((link) => `${link.label}: ${link.href}`),
  ].join('\n');
  const footerLinks = links
    .map((link) => `<a href="${escapeHtml(link.href)}" style="${FOOTER_STYLE}">${escapeHtml(link.label)}</a>`)
    .join(' ·\n');
  const html = `<!doctype html>
<html lang="de">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family: Arial, Helvetica, sans-serif; color: #1a1a1a; line-height: 1.5;">
<p style="${KICKER_STYLE[input.tone ?? 'notice']} font-weight: bold;">${escapeHtml(input.kicker)}</p>
<h1 style="font-size: 22px;">${escapeHtml(input.heading)}</h1>
${input.blocks.map(blockHtml).join('\n')}
<hr style="border: none; border-top: 1px solid #dee2e6; margin-top: 24px;">
<p style="${FOOTER_STYLE} font-size: 12px;">${escapeHtml(input.footer.reason)}${footerLinks ? `<br>\n${footerLinks}` : ''}</p>
</body>
</html>
`;
  return { subject, html, text };
}
