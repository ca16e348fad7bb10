/**
 * The mails of the e2e server: without SMTP_URL it writes each one as an .eml file into DATA_DIR/outbox
 * (E2E_DATA_DIR in origins.ts).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { E2E_DATA_DIR } from './origins.ts';

export interface TOutboxMail {
  /** The header lines, folded lines unfolded. */
  headers: string;
  /** The raw body: quoted-printable soft breaks joined, nothing else decoded. */
  body: string;
}

/** The mails of the outbox to `recipient`. */
export async function mailsTo(recipient: string): Promise<TOutboxMail[]> {
  const dir = path.join(E2E_DATA_DIR, 'outbox');
  const names = await readdir(dir).catch(() => [] as string[]);
  const mails: TOutboxMail[] = [];
  for (const name of names.filter((file) => file.endsWith('.eml'))) {
    const raw = await readFile(path.join(dir, name), 'utf8');
    const split = raw.indexOf('\n\n');
    const headers = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
    if (!new RegExp(`^To: ${recipient}$`, 'm').test(headers)) continue;
    mails.push({ headers, body: raw.slice(split).replace(/=\r?\n/g, '') });
  }
  return mails;
}

/** A body with its quoted-printable escapes (`=3D`, `=C3=A4`) decoded, as a mail program shows it. */
export function decodedBody(mail: TOutboxMail): string {
  return mail.body.replace(/(?:=[0-9A-F]{2})+/g, (run) =>
    Buffer.from(run.replaceAll('=', ''), 'hex').toString('utf8'),
  );
}
