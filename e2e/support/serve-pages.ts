/**
 * `node e2e/support/serve-pages.ts host|hostile`: the host website or the hostile page of the
 * end-to-end setup, on the origins of origins.ts (started by playwright.config.ts).
 */
import type { Server } from 'node:http';
import { createHostServer } from './host-page.ts';
import { createHostileServer } from './hostile-page.ts';
import {
  APP_ORIGIN,
  EXTERNAL_API_KEY,
  HOST_ORIGIN,
  HOST_PORT,
  HOSTILE_ORIGIN,
  HOSTILE_PORT,
} from './origins.ts';

const which = process.argv[2];
let server: Server;
let address: { host: string; port: number; origin: string };
if (which === 'host') {
  server = createHostServer({
    portalUrl: APP_ORIGIN,
    apiKey: EXTERNAL_API_KEY,
    thirdPartyUrl: HOSTILE_ORIGIN,
  });
  address = { host: '127.0.0.1', port: HOST_PORT, origin: HOST_ORIGIN };
} else if (which === 'hostile') {
  server = createHostileServer(APP_ORIGIN);
  address = { host: '127.0.0.2', port: HOSTILE_PORT, origin: HOSTILE_ORIGIN };
} else {
  console.error('Usage: node e2e/support/serve-pages.ts host|hostile');
  process.exit(2);
}

server.listen(address.port, address.host, () => {
  process.stdout.write(`${which} page on ${address.origin}\n`);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  });
}
