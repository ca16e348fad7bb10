/**
 * The reference of bench/run.ts, in a process of its own like the server: Fastify with its defaults (no logger)
 * and two routes, a small JSON answer (`/bare`) and the bytes of BARE_FILE from memory (`/bare-file`).
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const bytes = process.env.BARE_FILE ? readFileSync(process.env.BARE_FILE) : Buffer.alloc(0);
const bare = Fastify();
bare.get('/bare', async () => ({ id: 1, username: 'mitglied', roles: ['ROLE_USER', 'ROLE_PARTNER'] }));
bare.get('/bare-file', async (_request, reply) => reply.header('content-type', 'image/jpeg').send(bytes));
await bare.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });
process.on('SIGTERM', () => {
  void bare.close().then(() => process.exit(0));
});
