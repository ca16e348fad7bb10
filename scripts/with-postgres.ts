/**
 * `node scripts/with-postgres.ts <command...>`: runs a command against a throwaway PostgreSQL cluster.
 *
 * Starts a fresh cluster in a temp folder (apps/server/test/helpers/pg-cluster.ts), creates the database
 * `portal_test`, runs the command with DATABASE_URL pointing at it, then stops the cluster and removes the
 * folder: also when the command fails or the script is interrupted. Exits with the command's exit code.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { type Cluster, findPgBin, startCluster } from '../apps/server/test/helpers/pg-cluster.ts';

function log(message: string): void {
  process.stderr.write(`[with-postgres] ${message}\n`);
}

const commandArgs = process.argv.slice(2);
if (commandArgs.length === 0) {
  log('Usage: node scripts/with-postgres.ts <command> [args...]');
  process.exit(1);
}

let cluster: Cluster | undefined;
let child: ChildProcess | undefined;

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    // The command usually received the same signal from the terminal; pass it on in case it did not.
    if (child && child.exitCode === null) child.kill(signal);
    void (cluster?.destroy() ?? Promise.resolve()).then(() =>
      process.exit(128 + (signal === 'SIGINT' ? 2 : signal === 'SIGTERM' ? 15 : 1)),
    );
  });
}

async function main(): Promise<number> {
  try {
    if (!findPgBin() && process.env.CI) {
      log('PostgreSQL is required in CI but no server binaries were found.');
    }
    const begin = performance.now();
    cluster = await startCluster({ database: 'portal_test' });
    log(`PostgreSQL ready on 127.0.0.1:${cluster.port} in ${Math.round(performance.now() - begin)} ms`);
    const databaseUrl = cluster.url;
    const [command, ...args] = commandArgs as [string, ...string[]];
    return await new Promise<number>((resolve) => {
      child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, DATABASE_URL: databaseUrl } });
      child.once('error', (error) => {
        log(`could not run ${command}: ${error.message}`);
        resolve(127);
      });
      child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    });
  } catch (error) {
    log(error instanceof Error ? error.message : String(error));
    return 1;
  } finally {
    await cluster?.destroy();
  }
}

process.exitCode = await main();
