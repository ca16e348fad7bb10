import { describe, expect, it } from 'vitest';
import { blogDigest } from '../../src/features/blog/blog-digest.ts';
import { breakingNewsMail } from '../../src/features/blog/breaking-news-mail.ts';
import { replyMail } from '../../src/features/forums/reply-mail.ts';
import { renderDigestMail } from '../../src/features/notifications/digest-mail.ts';
import { renderMail } from '../../src/platform/mail/mail-layout.ts';

const addresses = { publicUrl: 'https://portal.example', hostPageUrl: null };
/** A mail of nothing but the layout, ending in `reason`. */
const bare = (reason: string) =>
  renderMail({ subject: 's', kicker: 'k', heading: 'h', blocks: [], footer: { reason } });

describe('the mail layout (platform/mail/mail-layout.ts, issue 32)', () => {
  it('should write the same content as HTML and as text, escaped in the HTML', () => {
    const mail = renderMail({
      subject: 'Betreff\nmit Umbruch',
      kicker: 'Hinweis',
      heading: 'Glas & <Fenster>',
      blocks: [
        { kind: 'paragraph', text: 'Erste Zeile\nzweite' },
        { kind: 'link', label: 'Öffnen', href: 'https://portal.example/blog/1?a=1&b=2' },
      ],
      footer: { reason: 'Darum.', links: [{ label: 'Ändern', href: 'https://portal.example/x' }] },
    });
    expect(mail.subject).toBe('Betreff mit Umbruch');
    expect(mail.text).toBe(
      [
        'Hinweis',
        '',
        'Glas & <Fenster>',
        '',
        'Erste Zeile\nzweite',
        '',
        'Öffnen: https://portal.example/blog/1?a=1&b=2',
        '',
        '-- ',
        'Darum.',
        'Ändern: https://portal.example/x',
      ].join('\n'),
    );
    expect(mail.html).toContain('<h1 style="font-size: 22px;">Glas &amp; &lt;Fenster&gt;</h1>');
    expect(mail.html).toContain('<p>Erste Zeile<br>zweite</p>');
    expect(mail.html).toContain('href="https://portal.example/blog/1?a=1&amp;b=2"');
    expect(mail.html).toContain(
      'Darum.<br>\n<a href="https://portal.example/x" style="color: #868e96;">Ändern</a></p>',
    );
  });

  it('should end a footer without links with its reason', () => {
    const mail = bare('Darum.');
    expect(mail.text.endsWith('-- \nDarum.')).toBe(true);
    expect(mail.html).toContain('font-size: 12px;">Darum.</p>');
  });

  it('should be the layout of breaking news, reply mails and digests alike', () => {
    const mails = [
      breakingNewsMail({ id: 4, title: 'Eilig', preText: '<p>Kurz.</p>' }, addresses),
      replyMail({
        forum: { id: 3, name: 'Technik' },
        thread: { id: 12, name: 'Frage' },
        post: { id: 40, content: '<p>Antwort</p>', page: 1 },
        authorName: 'Anna',
        addresses,
        unsubscribeUrl: 'https://portal.example/abmelden',
      }),
      renderDigestMail({
        username: 'mitglied',
        period: 'daily',
        since: new Date('2026-03-01T06:00:00Z'),
        addresses,
        unsubscribeUrl: 'https://portal.example/abmelden',
        parts: [
          {
            section: blogDigest,
            news: { rows: [{ label: 'Neu', path: '/blog/1', detail: '01.03.2026' }], total: 1 },
          },
        ],
      }),
    ];
    const skeleton = bare('r');
    const htmlStart = skeleton.html.slice(0, skeleton.html.indexOf('<title>'));
    for (const mail of mails) {
      expect(mail.html.startsWith(htmlStart)).toBe(true);
      expect(mail.html).toContain(
        '<hr style="border: none; border-top: 1px solid #dee2e6; margin-top: 24px;">',
      );
      expect(mail.text).toContain('\n\n-- \n');
    }
  });
});
