/**
 * What `npm run backup` and `npm run restore` share as command-line tools: arguments, configuration,
 * exit codes (0 done, 1 failed, 2 wrong call or refused) and moving files into place.
 */
import { cp, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { ConfigError, loadConfig, type TConfig } from '../config.ts';

/** A wrong call or a refusal the operator can resolve (a non-empty target, a foreign archive): exit 2. */
export class UsageError extends Error {}

type TOptions = NonNullable<ParseArgsConfig['options']>;

/** parseArgs whose unknown options count as a wrong call, not as a failure. */
export function parseCliArgs<T extends TOptions>(argv: string[], options: T, usage: string) {
  try {
    return parseArgs({ args: argv, allowPositionals: true, strict: true, options });
  } catch {
    throw new UsageError(usage);
  }
}

/**
 * npm runs workspace scripts in apps/server; a file name the operator typed is meant relative to the
 * folder they typed it in, which npm passes as INIT_CWD.
 */
export function resolveUserPath(file: string): string {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
}

/**
 * The server's configuration from the same environment. Without JWT_SECRET, loadConfig would generate the
 * secret file in DATA_DIR: a backup must not write into what it backs up, and a restore would find its empty
 * target no longer empty. Neither command uses the secret itself; the file is copied as it is.
 */
export function loadCliConfig(): TConfig {
  return loadConfig({
    ...process.env,
    JWT_SECRET: process.env.JWT_SECRET || 'not-used-by-backup-or-restore-0123456789',
  });
}

/** The local storage folder, or undefined when STORAGE_URL is a bucket. */
export function localStorageRoot(config: TConfig): string | undefined {
  if (config.s3 || !config.storageUrl.startsWith('file:')) return undefined;
  return path.resolve(config.storageUrl.slice('file:'.length));
}

/** rename, or copy and delete when source and target lie on different file systems. */
export async function moveInto(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await cp(from, to, { recursive: true, errorOnExist: true, force: false });
    await rm(from, { recursive: true, force: true });
  }
}

/** Runs a command: prints its result, or the error with exit code 2 (wrong call) or 1 (failure). */
export function runCli(failure: string, main: (argv: string[]) => Promise<string>): void {
  let settled = false;
  // A stream that never ends would leave the promise pending and node would exit 0 without a word.
  process.once('beforeExit', () => {
    if (settled) return;
    console.error(`${failure}: der Vorgang endete unvollständig.`);
    process.exit(1);
  });
  main(process.argv.slice(2)).then(
    (message) => {
      settled = true;
      process.stdout.write(`${message}\n`);
    },
    (error: unknown) => {
      settled = true;
      if (error instanceof UsageError || error instanceof ConfigError) {
        console.error(error.message);
        process.exit(2);
      }
      console.error(`${failure}: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}
