/**
 * Memory during parallel uploads (issue 13, point 7): 20 media-library PDFs of 20 MB each are sent at once to
 * a server in a child process, while its resident memory is read from /proc/<pid>/status every 20 ms. Uploads
 * stream into temp files and from there into storage, so the server's memory must grow far less than the
 * 400 MB that holding every file in memory would take. Prints the upload time and the peak growth, and fails
 * when the growth is above its budget or an upload was not saved.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PARALLEL_UPLOAD_BUDGETS } from './budgets.ts';
import { reportMisses } from './support/budget-report.ts';
import { loginPair, startServerProcess } from './support/server-process.ts';

const UPLOADS = 20;
/** 20 MB, just within the default UPLOAD_LIMIT_MB of 20 (MiB). */
const FILE_BYTES = 20_000_000;
const SAMPLE_INTERVAL_MS = 20;
const MB = 1024 * 1024;

/**
 * A valid one-page PDF of `bytes` bytes: catalog, pages, an empty page and one stream object of random bytes
 * that nothing draws, with a correct cross-reference table.
 */
function largePdf(bytes: number): Buffer {
  const parts: Buffer[] = [];
  const offsets: number[] = [];
  let length = 0;
  const add = (part: Buffer | string) => {
    const buffer = typeof part === 'string' ? Buffer.from(part, 'latin1') : part;
    parts.push(buffer);
    length += buffer.length;
  };
  const object = (id: number, body: string) => {
    offsets[id] = length;
    add(`${id} 0 obj\n${body}\nendobj\n`);
  };
  add('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n');
  object(1, '<< /Type /Catalog /Pages 2 0 R >>');
  object(2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
  object(3, '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << >> >>');
  const filler = Math.max(0, bytes - length - 400);
  offsets[4] = length;
  add(`4 0 obj\n<< /Length ${filler} >>\nstream\n`);
  add(randomBytes(filler));
  add('\nendstream\nendobj\n');
  const xref = length;
  const entries = [1, 2, 3, 4].map((id) => `${String(offsets[id]).padStart(10, '0')} 00000 n \n`);
  add(`xref\n0 5\n0000000000 65535 f \n${entries.join('')}`);
  add(`trailer\n<< /Size 5 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return Buffer.concat(parts);
}

/** Resident memory of a process in bytes (VmRSS), or 0 once it is gone. */
function residentBytes(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** PDFs in the media folder of the server's storage. */
function storedPdfs(dataDir: string): number {
  return readdirSync(path.join(dataDir, 'uploads', 'media'), { recursive: true, withFileTypes: true }).filter(
    (entry) => entry.isFile() && entry.name.endsWith('.pdf'),
  ).length;
}

async function mediaCategory(url: string, headers: Record<string, string>): Promise<number> {
  const form = new FormData();
  form.set('mediaCategory', JSON.stringify({ name: 'Bench-Uploads' }));
  const response = await fetch(`${url}/api/mediaCategory/`, { method: 'POST', headers, body: form });
  if (!response.ok) throw new Error(`media category: ${response.status} ${await response.text()}`);
  const flatten = (
    nodes: { id: number; name: string; children: unknown[] }[],
  ): { id: number; name: string }[] =>
    nodes.flatMap((node) => [node, ...flatten(node.children as typeof nodes)]);
  const id = flatten(await response.json()).find((node) => node.name === 'Bench-Uploads')?.id;
  if (!id) throw new Error('media category not created');
  return id;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-uploads-'));
  // One Blob shared by every request: the bench itself keeps one copy of the file, not twenty.
  const pdf = new Blob([new Uint8Array(largePdf(FILE_BYTES))], { type: 'application/pdf' });
  const server = await startServerProcess({
    script: path.join(import.meta.dirname, '../apps/server/src/main.ts'),
    dataDir,
  });
  try {
    const { url, child } = server;
    const pid = child.pid ?? 0;
    const headers = { authorization: `Bearer ${(await loginPair(url, 'admin')).token}` };
    const category = await mediaCategory(url, headers);
    const storedBefore = storedPdfs(dataDir);
    const baseline = residentBytes(pid);
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, residentBytes(pid));
    }, SAMPLE_INTERVAL_MS);

    const started = performance.now();
    const statuses = await Promise.all(
      Array.from({ length: UPLOADS }, async (_, i) => {
        const form = new FormData();
        form.set('media', JSON.stringify({ name: `Großes Dokument ${i + 1}`, category }));
        form.set('file', pdf, `dokument-${i + 1}.pdf`);
        const response = await fetch(`${url}/api/media/`, { method: 'POST', headers, body: form });
        await response.arrayBuffer();
        return response.status;
      }),
    );
    const ms = Math.round(performance.now() - started);
    clearInterval(sampler);
    peak = Math.max(peak, residentBytes(pid));

    const saved = statuses.filter((status) => status === 200).length;
    const stored = storedPdfs(dataDir) - storedBefore;
    const growthMb = Math.round((peak - baseline) / MB);
    const budget = PARALLEL_UPLOAD_BUDGETS;
    console.table([
      {
        uploads: `${UPLOADS} × ${Math.round(FILE_BYTES / 1e6)} MB`,
        ms,
        saved,
        'baseline RSS (MB)': Math.round(baseline / MB),
        'peak RSS (MB)': Math.round(peak / MB),
        'growth (MB)': growthMb,
      },
    ]);
    console.log(
      `peak RSS growth ${growthMb} MB (budget ≤ ${budget.rssGrowthMaxMb}; holding the files in memory ` +
        `would take ${Math.round((UPLOADS * FILE_BYTES) / MB)} MB); ${saved}/${UPLOADS} saved in ${ms} ms`,
    );
    reportMisses(
      { memory: growthMb > budget.rssGrowthMaxMb, 'uploads saved': saved !== UPLOADS || stored !== UPLOADS },
      `statuses ${statuses.join(', ')}`,
    );
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
