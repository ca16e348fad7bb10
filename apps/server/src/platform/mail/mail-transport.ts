import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createTransport } from 'nodemailer';
import type { MailAttachment } from './mail-outbox.ts';

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
  /** files sent with the mail (multipart/mixed) */
  attachments: readonly MailAttachment[];
}

export interface MailTransport {
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

/** How long a relay may keep a send waiting: to connect, to greet, and between two of its answers. */
export interface RelayTimeouts {
  connectMs: number;
  greetingMs: number;
  socketMs: number;
}

/** How the worker talks to the relay: its connections (mails in flight at once) and timeouts. */
export interface RelaySettings {
  connections: number;
  timeouts: RelayTimeouts;
}

/** What the relay did with a mail, as the worker reports it (`/api/health`): answered, or not. */
export type RelayState = 'up' | 'down' | 'unknown';

/**
 * True when the relay answered about the mail itself (a recipient or the content refused, for now or for
 * good): it works. Everything else (no connection, no greeting, no answer in time, refused as a client, a
 * mail file that cannot be written) says that it does not.
 */
export function relayAnswered(error: unknown): boolean {
  const code = error instanceof Error ? (error as { code?: unknown }).code : undefined;
  return code === 'EENVELOPE' || code === 'EMESSAGE';
}

function mailOptions(message: MailMessage) {
  return {
    from: message.from,
    to: message.to,
    subject: message.subject,
    html: message.html,
    text: message.text,
    messageId: message.messageId,
    attachments: message.attachments.map((file) => ({
      filename: file.filename,
      contentType: file.contentType,
      content: file.content,
    })),
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

/**
 * SMTP_URL (`smtp://user:pass@relay:587`, `smtps://…`): a pool of `connections` to the relay, one mail on each
 * at a time, so that a connection the relay hangs on holds up one mail, and that one only until a timeout.
 */
function createSmtpTransport(smtpUrl: string, relay: RelaySettings): MailTransport {
  const transporter = createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: relay.connections,
    connectionTimeout: relay.timeouts.connectMs,
    greetingTimeout: relay.timeouts.greetingMs,
    socketTimeout: relay.timeouts.socketMs,
  });
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

export function createMailTransport(
  config: { smtpUrl: string | undefined; dataDir: string },
  relay: RelaySettings,
): MailTransport {
  return config.smtpUrl
    ? createSmtpTransport(config.smtpUrl, relay)
    : createFileTransport(path.join(config.dataDir, 'outbox'));
}
