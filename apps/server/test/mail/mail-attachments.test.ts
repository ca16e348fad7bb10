import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailOutbox } from '../../src/platform/mail/mail-outbox.ts';
import { readMail } from '../helpers/smtp-peer.ts';
import { createWorld, type World } from '../helpers/world.ts';
import { drain } from './mail-helpers.ts';

let w: World;
beforeAll(async () => {
  w = await createWorld();
});
afterAll(() => w.t.close());

describe('mail attachments', () => {
  it('should send a queued attachment with its name, type and content, next to text and HTML', async () => {
    const outbox = createMailOutbox(w.t.database);
    const calendar = 'BEGIN:VCALENDAR\r\nSUMMARY:Stammtisch Süd\r\nEND:VCALENDAR\r\n';
    await outbox.enqueue(w.t.database.db, [
      {
        recipient: 'anhang@example.de',
        subject: 'Mit Anhang',
        html: '<p>Hallo</p>',
        text: 'Hallo',
        attachments: [
          { filename: 'termin.ics', contentType: 'text/calendar', content: calendar },
          { filename: 'daten.bin', contentType: 'application/octet-stream', content: Buffer.from([0, 1, 2]) },
        ],
      },
    ]);
    expect(await drain(w.t.app)).toMatchObject({ sent: 1, failed: 0 });
    const dir = path.join(w.t.config.dataDir, 'outbox');
    const mails = readdirSync(dir).map((name) => readMail(readFileSync(path.join(dir, name), 'utf8')));
    const mail = mails.find((one) => one.to === 'anhang@example.de');
    expect(mail?.text).toBe('Hallo');
    expect(mail?.html).toContain('<p>Hallo</p>');
    expect(mail?.attachments.map((file) => [file.filename, file.contentType])).toEqual([
      ['termin.ics', 'text/calendar'],
      ['daten.bin', 'application/octet-stream'],
    ]);
    expect(mail?.attachments[0]?.content.replaceAll('\r\n', '\n')).toBe(calendar.replaceAll('\r\n', '\n'));
  });
});
