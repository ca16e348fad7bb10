import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createTransport } from 'nodemailer';

/** One mail as the worker hands it to a transport. */
interface MailMessage {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** stable per outbox row, so that a mail sent twice after a crash carries the same Message-ID. */
  messageId: string;
  /** a name for the mail, unique per outbox row (the .eml file name). */
  name: string;
  /** the one-click unsubscribe address (RFC 8058) of a notification mail; null for other mails. */
  listUnsubscribe: string | null;
}

export interface MailTransport {
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

/**
 * A send that hangs fails after these; until then the worker renews its claim, so no other worker sends it too.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

function mailOptions(message: MailMessage) {
  return {
    from: message.from,
    to: message.to,
    subject: message.subject,
    html: message.html,
    text: message.text,
    messageId: message.messageId,
    headers: {
      'Auto-Submitted': 'auto-generated',
      // RFC 8058: mail clients offer an unsubscribe button that POSTs `List-Unsubscribe=One-Click` there.
      ...(message.listUnsubscribe
        ? {
            'List-Unsubscribe': `<${message.listUnsubscribe}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          }
        : {}),
    },
  };
}

/** SMTP_URL (`smtp://user:pass@relay:587`, `smtps://…`): one pooled connection to the relay. */
function createSmtpTransport(smtpUrl: string): MailTransport {
  const transporter = createTransport({ url: smtpUrl, pool: true, maxConnections: 1, ...SMTP_TIMEOUTS });
  return {
    async send(message) {
      await transporter.sendMail(mailOptions(message));
    },
    async close() {
      transporter.close();
    },
  };
}

/**
 * Without SMTP_URL every mail becomes an .eml file in `dir` (the embedded default: DATA_DIR/outbox). Written
 * to a temp file and renamed, named after the outbox row, so a retry replaces the file instead of adding one.
 */
function createFileTransport(dir: string): MailTransport {
  const transporter = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transporter.sendMail(mailOptions(message));
      if (!Buffer.isBuffer(info.message)) throw new Error('stream transport returned no buffer');
      await mkdir(dir, { recursive: true });
      const target = path.join(dir, `${message.name}.eml`);
      const temp = `${target}.${randomUUID()}.part`;
      await writeFile(temp, info.message);
      await rename(temp, target);
    },
    async close() {
      transporter.close();
    },
  };
}

export function createMailTransport(config: { smtpUrl: string | undefined; dataDir: string }): MailTransport {
  return config.smtpUrl
    ? createSmtpTransport(config.smtpUrl)
    : createFileTransport(path.join(config.dataDir, 'outbox'));
}
