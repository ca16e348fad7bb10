import { once } from 'node:events';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API, MEDIA_API } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { multipartBody } from '../helpers/multipart.ts';
import { adminToken, freePort, run, runCli, serverDir, waitForHealth } from '../helpers/server-process.ts';

// The server writes its log asynchronously (issue 30 point 13): what it logged must reach stdout all the
// same when it exits, after SIGTERM and when it gives up waiting for requests in flight.
describe('the log of the server process', { timeout: 120_000 }, () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'portal-process-logs-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  async function startServer() {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const env: Record<string, string> = process.env.DATABASE_URL
      ? { DATABASE_URL: process.env.DATABASE_URL }
      : {};
    const server = run('src/main.ts', [], {
      ...env,
      DATA_DIR: dataDir,
      PORT: String(port),
      PUBLIC_URL: url,
      LOG_LEVEL: 'info',
    });
    await waitForHealth(url, server.child).catch((error: Error) => {
      throw new Error(`${error.message}\n${server.output()}`);
    });
    return { port, url, server };
  }

  const linesOf = (stdout: string) =>
    stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);

  it.each([
    ['process.exit(1)', 'process.exit(1);'],
    ['an uncaught exception', "throw new Error('Absturz');"],
  ])('should write the lines still buffered when the process ends by %s', async (_how, end) => {
    // The server's logger options without a stream of the test's: its asynchronous stdout. A burst of lines
    // right before the end leaves most of them in the buffer, behind a write still in flight.
    const logging = path.join(serverDir, 'src/platform/http/logging.ts');
    const script = [
      "import Fastify from 'fastify';",
      `import { loggerOptions } from ${JSON.stringify(logging)};`,
      "const app = Fastify({ logger: loggerOptions('info') });",
      "for (let n = 0; n < 10000; n += 1) app.log.info({ n }, 'burst');",
      end,
    ].join('\n');
    const ended = await runCli('--input-type=module', ['-e', script], {});
    expect(ended.code).toBe(1);
    expect(ended.stdout.split('\n').filter((line) => line.includes('"msg":"burst"'))).toHaveLength(10000);
  });

  it('should have written every line when it exits on SIGTERM, the last request included', async () => {
    const { url, server } = await startServer();
    const response = await fetch(`${url}${API.settings}`, { headers: { 'x-request-id': 'vor-dem-ende' } });
    expect(response.status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited, server.output()).toBe(0);
    const lines = linesOf(server.stdout());
    expect(lines).toContainEqual(
      expect.objectContaining({ reqId: 'vor-dem-ende', msg: 'request', url: API.settings, status: 200 }),
    );
    expect(lines).toContainEqual(
      expect.objectContaining({ msg: 'shutting down: finishing requests in flight' }),
    );
  });

  it('should have written its last line when it gives up on a request in flight and exits', async () => {
    const { url, port, server } = await startServer();
    // An upload whose body never ends keeps the request in flight past the 10 s the shutdown waits; its temp
    // folder shows that the server is reading it.
    const body = await multipartBody({
      media: JSON.stringify({ name: 'Hängt', category: 1 }),
      file: { filename: 'haengt.pdf', data: Buffer.alloc(1024 * 1024, 1), type: 'application/pdf' },
    });
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    await once(socket, 'connect');
    socket.write(
      [
        `POST ${MEDIA_API.files} HTTP/1.1`,
        `Host: 127.0.0.1:${port}`,
        `Authorization: Bearer ${await adminToken(url)}`,
        `Content-Type: ${body.headers['content-type']}`,
        `Content-Length: ${body.payload.length}`,
        '',
        '',
      ].join('\r\n'),
    );
    socket.write(body.payload.subarray(0, body.payload.length / 2));
    const uploads = path.join(dataDir, 'tmp', 'uploads');
    await vi.waitFor(() => expect(existsSync(uploads) && readdirSync(uploads).length > 0).toBe(true), {
      timeout: 30_000,
    });
    server.child.kill('SIGTERM');
    expect(await server.exited, server.output()).toBe(1);
    socket.destroy();
    expect(linesOf(server.stdout()).at(-1)).toMatchObject({
      level: 50,
      msg: 'shutdown took too long; exiting',
    });
  });
});
