import { buildApp } from './app.ts';
import { DEMO_PASSWORD, DEMO_USERS, seedDemoData } from './cli/demo-data.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createDatabase } from './platform/db/database.ts';
import { migrateToLatest, refreshStatistics } from './platform/db/migrate.ts';

const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig();
  // Migrations may run longer than a request's statement timeout: on a connection of their own without one.
  const migrator = createDatabase(config.database, { statementTimeoutMs: 0, max: 1 });
  const applied = await migrateToLatest(migrator)
    .then(async (names) => {
      if (names.length > 0) await refreshStatistics(migrator);
      return names;
    })
    .finally(() => migrator.close());
  const database = createDatabase(config.database);
  const app = await buildApp(config, { database });
  app.addHook('onClose', () => database.close());
  if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated');

  const demoContent = { db: database.db, storage: app.storage, signer: app.signer };
  if (config.seedDemo && (await seedDemoData(app.accounts, demoContent))) {
    app.log.info('demo data seeded');
  }
  // Files of uploads cut off before this start (a crash, a kill) go before new uploads arrive.
  await app.uploadSweeper
    .runOnce()
    .catch((error: unknown) => app.log.error({ err: error }, 'upload sweep failed'));
  await app.listen({ port: config.port, host: config.host });
  app.uploadSweeper.start();
  app.mailWorker.start();
  // one instance at a time sends the digests (the 'digest' lease); stopped on close like the mail worker
  app.digestScheduler.start();
  // the circulars' reminders before and on 'Bestätigen bis' (the 'circular-reminders' lease)
  app.circularReminders.start();
  // the events' reminder mails before the start (the 'event-reminders' lease)
  app.eventReminders.start();
  // the notification centre keeps 90 days (the 'notification-retention' lease)
  app.notificationRetention.start();

  if (config.seedDemo) {
    const accounts = DEMO_USERS.map(
      (u) => `  ${u.username.padEnd(10)} ${u.role.padEnd(13)} Passwort: ${DEMO_PASSWORD}`,
    );
    console.warn(`\nDemo-Zugänge (nur ohne NODE_ENV=production):\n${accounts.join('\n')}`);
  }
  console.warn(`\nPortal läuft auf ${config.publicUrl}\n`);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Start-up failed:', error);
  }
  process.exit(1);
});
