/**
 * The API tests of the process and fault tier: they start the server or a command-line tool as processes of
 * their own, kill them, or hold up a database, relay or client on purpose. They take about a third of the API
 * suites' time for a few dozen tests and need timeouts of minutes, so they are a Vitest project of their own
 * (`api-process`, vitest.config.ts) and a step of their own in `npm test`, apart from the fast `api-fast`
 * project. test/platform/test-tiers.test.ts fails when a file that starts processes is missing here.
 */
export const PROCESS_TIER = [
  // command-line tools as processes of their own
  'test/admin/user-cli-audit.test.ts',
  'test/notifications/digest-cli.test.ts',
  'test/notifications/mail-cli.test.ts',
  'test/privacy/erased-member-cli.test.ts',
  'test/search/search-reindex.test.ts',
  'test/platform/backup.test.ts',
  'test/platform/backup-killed.test.ts',
  // the server as `npm start` runs it
  'test/platform/process.test.ts',
  'test/platform/process-logs.test.ts',
  'test/platform/rich-text-event-loop.test.ts',
  'test/platform/upload-crash.test.ts',
  // faults: a database, relay or client that stops answering
  'test/platform/database-outage.test.ts',
  'test/platform/request-time.test.ts',
  'test/platform/stalled-bodies.test.ts',
  'test/mail/outbox-failover.test.ts',
  'test/mail/outbox-outage.test.ts',
  'test/mail/outbox-restart.test.ts',
  'test/mail/relay-hang.test.ts',
  // the README's host examples, run by node and php against the listening portal
  'test/integrations/host-examples.test.ts',
];
