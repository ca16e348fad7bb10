/**
 * `npm test`: every quality gate of ARCHITECTURE §5 in order, stopping at the first failure. The tests run in
 * three tiers, each a step of its own with its own time: the fast API tests (`inject`, Vitest project
 * `api-fast`), the API's process and fault tests (project `api-process`, apps/server/test/tiers.ts) and the
 * end-to-end suite. `node scripts/test.ts --only api,e2e` runs a selection (names: see STEPS); `--list`
 * prints them.
 * Neighbouring steps of one `parallel` group run at the same time; each one's output is held back and
 * printed whole when it ends, so that the two never interleave.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { skipReason } from '../e2e/wordpress/site.ts';

interface TStep {
  name: string;
  title: string;
  command: string[];
  /** Returns a reason to leave the step out, or undefined to run it. */
  skip?: () => string | undefined;
  /** Neighbouring steps with the same group run at once. */
  parallel?: string;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function hasScript(workspace: string, script: string): boolean {
  const manifest = JSON.parse(readFileSync(path.join(root, workspace, 'package.json'), 'utf8')) as {
    scripts?: Record<string, string>;
  };
  return Boolean(manifest.scripts?.[script]);
}

/** The server's Vitest run of one project (apps/server/vitest.config.ts); the pattern follows. */
const API_TESTS = ['npm', 'test', '--workspace', 'apps/server', '--', '--project'];
const WITH_POSTGRES = ['node', 'scripts/with-postgres.ts'];

const STEPS: TStep[] = [
  { name: 'typecheck', title: 'Type check (tsc -b)', command: ['tsc', '-b'] },
  { name: 'lint', title: 'Lint and format (biome check .)', command: ['biome', 'check', '.'] },
  { name: 'deadcode', title: 'Unused files and exports (knip)', command: ['knip'] },
  {
    name: 'db-types',
    title: 'Database row types match the migrations',
    command: ['node', 'scripts/db-types.ts', '--check'],
  },
  {
    name: 'api',
    title: 'Fast API tests on SQLite',
    command: [...API_TESTS, 'api-fast*'],
    parallel: 'api',
  },
  {
    name: 'api-pg',
    title: 'Fast API tests on PostgreSQL',
    command: [...WITH_POSTGRES, ...API_TESTS, 'api-fast*'],
    parallel: 'api',
  },
  {
    name: 'web',
    title: 'Web unit tests',
    command: ['npm', 'test', '--workspace', 'apps/web'],
    skip: () => (hasScript('apps/web', 'test') ? undefined : 'apps/web has no "test" script'),
  },
  {
    name: 'process',
    title: 'API processes and faults on SQLite',
    command: [...API_TESTS, 'api-process*'],
    parallel: 'process',
  },
  {
    name: 'process-pg',
    title: 'API processes and faults on PostgreSQL',
    command: [...WITH_POSTGRES, ...API_TESTS, 'api-process*'],
    parallel: 'process',
  },
  { name: 'build', title: 'Build the web app', command: ['npm', 'run', 'build'] },
  { name: 'e2e', title: 'End-to-end tests (Playwright, Chromium)', command: ['playwright', 'test'] },
  {
    name: 'wordpress',
    title: 'WordPress plugin end to end (WordPress, nginx, php-fpm, MariaDB)',
    command: ['playwright', 'test', '--config', 'playwright.wordpress.config.ts'],
    // without Debian's WordPress (or root) it is skipped with the reason; .ci/run installs it
    skip: skipReason,
  },
];

interface TResult {
  step: TStep;
  status: 'passed' | 'failed' | 'skipped' | 'not run';
  seconds: number;
  note?: string;
}

function write(text: string): void {
  process.stdout.write(`${text}\n`);
}

function parseSelection(argv: string[]): Set<string> | undefined {
  const index = argv.indexOf('--only');
  const inline = argv.find((arg) => arg.startsWith('--only='));
  const value = inline ? inline.slice('--only='.length) : index >= 0 ? argv[index + 1] : undefined;
  if (value === undefined) return undefined;
  const names = new Set(value.split(',').map((name) => name.trim()));
  const unknown = [...names].filter((name) => !STEPS.some((step) => step.name === name));
  if (unknown.length > 0) {
    process.stderr.write(
      `Unknown step(s): ${unknown.join(', ')}. Steps: ${STEPS.map((s) => s.name).join(', ')}\n`,
    );
    process.exit(2);
  }
  return names;
}

const running = new Set<ChildProcess>();
let interrupted = false;

/** Runs a command; with `output` its stdout and stderr are collected there instead of shown. */
function runCommand(command: string[], output?: Buffer[]): Promise<number> {
  const [file, ...args] = command as [string, ...string[]];
  const binDir = path.join(root, 'node_modules', '.bin');
  return new Promise((resolve) => {
    const child = spawn(file, args, {
      cwd: root,
      stdio: output ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: {
        ...process.env,
        PATH: `${binDir}${path.delimiter}${process.env.PATH ?? ''}`,
        FORCE_COLOR: '1',
      },
    });
    running.add(child);
    child.stdout?.on('data', (chunk: Buffer) => output?.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => output?.push(chunk));
    child.once('error', (error) => {
      running.delete(child);
      process.stderr.write(`Could not start ${file}: ${error.message}\n`);
      resolve(127);
    });
    child.once('close', (code, signal) => {
      running.delete(child);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

function formatSeconds(seconds: number): string {
  return seconds >= 60
    ? `${Math.floor(seconds / 60)}m ${Math.round(seconds % 60)}s`
    : `${seconds.toFixed(1)}s`;
}

/** Runs one step, or several at once (their output printed whole, each as it ends); answers their results. */
async function runSteps(steps: readonly TStep[]): Promise<TResult[]> {
  const together = steps.length > 1;
  if (together) write(`\n── ${steps.map((step) => step.name).join(' + ')} at the same time`);
  return Promise.all(
    steps.map(async (step): Promise<TResult> => {
      const header = `── ${step.title} ── ${step.command.join(' ')}`;
      if (!together) write(`\n${header}`);
      const output: Buffer[] = [];
      const start = performance.now();
      const code = await runCommand(step.command, together ? output : undefined);
      const seconds = (performance.now() - start) / 1000;
      if (together) {
        write(`\n${header}`);
        process.stdout.write(Buffer.concat(output));
      }
      write(
        `── ${step.title}: ${code === 0 ? 'passed' : `FAILED (exit code ${code})`} in ${formatSeconds(seconds)}`,
      );
      return { step, status: code === 0 ? 'passed' : 'failed', seconds };
    }),
  );
}

/** The selected steps in order, neighbours of one parallel group together. */
function batches(steps: readonly TStep[]): TStep[][] {
  const result: TStep[][] = [];
  for (const step of steps) {
    const last = result.at(-1);
    if (step.parallel && last?.[0]?.parallel === step.parallel) last.push(step);
    else result.push([step]);
  }
  return result;
}

async function main(): Promise<number> {
  if (process.argv.includes('--list')) {
    for (const step of STEPS) write(`${step.name.padEnd(10)} ${step.title}`);
    return 0;
  }
  const selection = parseSelection(process.argv.slice(2));
  const results: TResult[] = [];
  const groups: string[] = [];
  let failed = false;
  const begin = performance.now();

  const selected = STEPS.filter((step) => !selection || selection.has(step.name));
  for (const batch of batches(selected)) {
    if (failed || interrupted) {
      for (const step of batch) results.push({ step, status: 'not run', seconds: 0 });
      continue;
    }
    const toRun: TStep[] = [];
    for (const step of batch) {
      const reason = step.skip?.();
      if (!reason) {
        toRun.push(step);
        continue;
      }
      write(`\n── ${step.title}: skipped (${reason})`);
      results.push({ step, status: 'skipped', seconds: 0, note: reason });
    }
    const start = performance.now();
    const done = await runSteps(toRun);
    results.push(...done);
    if (done.length > 1) {
      const names = done.map((result) => result.step.name).join(' + ');
      groups.push(`${names} at the same time: ${formatSeconds((performance.now() - start) / 1000)}`);
      write(`── ${groups.at(-1)}`);
    }
    failed = done.some((result) => result.status === 'failed');
  }

  write('\nSummary');
  for (const result of results) {
    const time =
      result.status === 'passed' || result.status === 'failed' ? formatSeconds(result.seconds) : '';
    write(
      `  ${result.status.padEnd(8)} ${result.step.name.padEnd(10)} ${time.padStart(8)}  ${result.step.title}`,
    );
  }
  for (const group of groups) write(`  ${group}`);
  write(`  total ${formatSeconds((performance.now() - begin) / 1000)}`);
  return interrupted ? 130 : failed ? 1 : 0;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    interrupted = true;
    for (const child of running) if (child.exitCode === null) child.kill(signal);
  });
}

process.exitCode = await main();
