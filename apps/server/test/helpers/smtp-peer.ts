import { type AddressInfo, createServer, type Socket } from 'node:net';
import { SMTPServer } from 'smtp-server';

interface ReceivedMail {
  /** envelope recipients (RCPT TO) */
  to: string[];
  from: string;
  raw: string;
}

export interface SmtpPeer {
  url: string;
  received: ReceivedMail[];
  /** refuse the next `count` messages with a temporary error (451). */
  refuseNext(count: number): void;
  /**
   * Hold the next `count` messages (default one) after their data, without an answer, until `release()`, as a
   * slow or hung relay would. `arrived` resolves once all of them are held; `waiting()` counts the held ones
   * whose client still waits for the answer (a client that gave up closed its connection). A message whose
   * client left is not received when released.
   */
  holdNext(count?: number): Hold;
  /** refuse these recipients for good (550). */
  rejectRecipient(address: string): void;
  /** forget what was received, refuse nothing. */
  reset(): void;
  close(): Promise<void>;
}

interface Hold {
  /** the relay answers: the held messages are received (those whose client still waits) */
  release: () => void;
  /** the relay never answers: the held messages are dropped, not received */
  drop: () => void;
  arrived: Promise<void>;
  waiting: () => number;
}

function smtpError(message: string, responseCode: number): Error {
  return Object.assign(new Error(message), { responseCode });
}

/** A real SMTP server on a free local port, as the relay the worker talks to. */
export async function startSmtpPeer(): Promise<SmtpPeer> {
  const received: ReceivedMail[] = [];
  const rejected = new Set<string>();
  let refuse = 0;
  let hold:
    | { release: Promise<'release' | 'drop'>; left: number; arrived: () => void; sessions: Set<string> }
    | undefined;
  const open = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onConnect(session, callback) {
      open.add(session.id);
      callback();
    },
    onClose(session) {
      open.delete(session.id);
    },
    onRcptTo(address, _session, callback) {
      if (rejected.has(address.address)) return callback(smtpError('Mailbox unavailable', 550));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        const held = hold;
        if (held) {
          held.sessions.add(session.id);
          held.left -= 1;
          if (held.left === 0) {
            hold = undefined;
            held.arrived();
          }
          const answer = await held.release;
          if (answer === 'drop' || !open.has(session.id)) return callback(smtpError('Client left', 421));
        }
        if (refuse > 0) {
          refuse -= 1;
          return callback(smtpError('Try again later', 451));
        }
        const mailFrom = session.envelope.mailFrom;
        received.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          from: mailFrom ? mailFrom.address : '',
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuseNext(count) {
      refuse = count;
    },
    holdNext(count = 1) {
      const released = Promise.withResolvers<'release' | 'drop'>();
      const arrived = Promise.withResolvers<void>();
      const sessions = new Set<string>();
      hold = { release: released.promise, left: count, arrived: () => arrived.resolve(), sessions };
      return {
        release: () => released.resolve('release'),
        drop: () => released.resolve('drop'),
        arrived: arrived.promise,
        waiting: () => [...sessions].filter((id) => open.has(id)).length,
      };
    },
    rejectRecipient(address) {
      rejected.add(address);
    },
    reset() {
      received.length = 0;
      rejected.clear();
      refuse = 0;
      hold = undefined;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A relay that accepts connections and never says a word (no greeting), as a hung mail server does. */
export async function startSilentRelay(): Promise<{ url: string; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

function decodeBody(body: string, encoding: string): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

function header(block: string, name: string): string {
  const unfolded = block.replace(/\r?\n[ \t]+/g, ' ');
  const match = new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(unfolded);
  return match?.[1]?.trim() ?? '';
}

function decodeWords(value: string): string {
  return value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_m, kind: string, text: string) =>
    kind.toLowerCase() === 'b'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeBody(text.replaceAll('_', ' '), 'quoted-printable'),
  );
}

/** A file a mail carries (Content-Disposition: attachment), decoded as UTF-8 text. */
export interface ReadAttachment {
  filename: string;
  contentType: string;
  content: string;
}

/** Text, HTML and attachments of a MIME body, nested multiparts (mixed around alternative) included. */
function readParts(
  head: string,
  body: string,
  result: { text: string; html: string; attachments: ReadAttachment[] },
): void {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(header(head, 'Content-Type'))?.[1] ?? '';
  for (const part of body.split(`--${boundary}`).slice(1, -1)) {
    const [partHead = '', ...partBody] = part.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
    const raw = partBody.join('\n\n');
    const type = header(partHead, 'Content-Type');
    if (/^multipart\//i.test(type)) {
      readParts(partHead, raw, result);
      continue;
    }
    const content = decodeBody(raw.trim(), header(partHead, 'Content-Transfer-Encoding'));
    const disposition = header(partHead, 'Content-Disposition');
    if (/^attachment/i.test(disposition)) {
      const filename = /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? '';
      result.attachments.push({ filename, contentType: type.split(';')[0]?.trim() ?? '', content });
    } else if (/text\/plain/i.test(type)) result.text = content;
    else if (/text\/html/i.test(type)) result.html = content;
  }
}

/** Subject, text, HTML and attachments of a mail as nodemailer writes it. */
export function readMail(raw: string): {
  subject: string;
  to: string;
  messageId: string;
  text: string;
  html: string;
  attachments: ReadAttachment[];
} {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const result = { text: '', html: '', attachments: [] as ReadAttachment[] };
  readParts(head, rest.join('\n\n'), result);
  return {
    subject: decodeWords(header(head, 'Subject')),
    to: header(head, 'To'),
    messageId: header(head, 'Message-ID'),
    ...result,
  };
}
