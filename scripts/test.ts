/**
 * `npm test`: every quality gate of ARCHITECTURE §5 in order, stopping at the first failure.
 * `node scripts/test.ts --only api,e2e` runs a selection (names: see STEPS); `--list` prints them.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

interface TStep {
  name: string;
  title: string;
  command: string[];
  /** Returns a reason to leave the step out, or undefined to run it. */
  skip?: () => string | undefined;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function hasScript(workspace: string, script: string): boolean {
  const manifest = JSON.parse(readFileSync(path.join(root, workspace, 'package.json'), 'utf8')) as {
    scripts?: Record<string, string>;
  };
  return Boolean(manifest.scripts?.[script]);
}

const STEPS: TStep[] = [
  { name: 'typecheck', title: 'Type check (tsc -b)', command: ['tsc', '-b'] },
  { name: 'lint', title: 'Lint and format (biome check .)', command: ['biome', 'check', '.'] },
  { name: 'api', title: 'API tests on SQLite', command: ['npm', 'test', '--workspace', 'apps/server'] },
  {
    name: 'api-pg',
    title: 'API tests on PostgreSQL',
    command: ['node', 'scripts/with-postgres.ts', 'npm', 'test', '--workspace', 'apps/server'],
  },
  {
    name: 'web',
    title: 'Web unit tests',
    command: ['npm', 'test', '--workspace', 'apps/web'],
    skip: () => (hasScript('apps/web', 'test') ? undefined : 'apps/web has no "test" script'),
  },
  { name: 'build', title: 'Build the web app', command: ['npm', 'run', 'build'] },
  { name: 'e2e', title: 'End-to-end tests (Playwright, Chromium)', command: ['playwright', 'test'] },
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

let running: ReturnType<typeof spawn> | undefined;
let interrupted = false;

function runCommand(command: string[]): Promise<number> {
  const [file, ...args] = command as [string, ...string[]];
  const binDir = path.join(root, 'node_modules', '.bin');
  return new Promise((resolve) => {
    running = spawn(file, args, {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, PATH: `${binDir}${path.delimiter}${process.env.PATH ?? ''}`, FORCE_COLOR: '1' },
    });
    running.once('error', (error) => {
      process.stderr.write(`Could not start ${file}: ${error.message}\n`);
      resolve(127);
    });
    running.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

function formatSeconds(seconds: number): string {
  return seconds >= 60
    ? `${Math.floor(seconds / 60)}m ${Math.round(seconds % 60)}s`
    : `${seconds.toFixed(1)}s`;
}

async function main(): Promise<number> {
  if (process.argv.includes('--list')) {
    for (const step of STEPS) write(`${step.name.padEnd(10)} ${step.title}`);
    return 0;
  }
  const selection = parseSelection(process.argv.slice(2));
  const results: TResult[] = [];
  let failed = false;
  const begin = performance.now();

  for (const step of STEPS) {
    if (selection && !selection.has(step.name)) continue;
    if (failed || interrupted) {
      results.push({ step, status: 'not run', seconds: 0 });
      continue;
    }
    const reason = step.skip?.();
    if (reason) {
      write(`\n── ${step.title}: skipped (${reason})`);
      results.push({ step, status: 'skipped', seconds: 0, note: reason });
      continue;
    }
    write(`\n── ${step.title} ── ${step.command.join(' ')}`);
    const start = performance.now();
    const code = await runCommand(step.command);
    const seconds = (performance.now() - start) / 1000;
    write(
      `── ${step.title}: ${code === 0 ? 'passed' : `FAILED (exit code ${code})`} in ${formatSeconds(seconds)}`,
    );
    results.push({ step, status: code === 0 ? 'passed' : 'failed', seconds });
    failed = code !== 0;
  }

  write('\nSummary');
  for (const result of results) {
    const time =
      result.status === 'passed' || result.status === 'failed' ? formatSeconds(result.seconds) : '';
    write(
      `  ${result.status.padEnd(8)} ${result.step.name.padEnd(10)} ${time.padStart(8)}  ${result.step.title}`,
    );
  }
  write(`  total ${formatSeconds((performance.now() - begin) / 1000)}`);
  return interrupted ? 130 : failed ? 1 : 0;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    interrupted = true;
    if (running && running.exitCode === null) running.kill(signal);
  });
}

process.exitCode = await main();
