/**
 * The server as `npm start` runs it (apps/server/src/main.ts), which on SIGUSR2 writes its
 * `process.memoryUsage()` as JSON to MEMORY_REPORT_FILE: bench/memory.ts tells the V8 heap from the rest.
 */
import { writeFileSync } from 'node:fs';

const reportFile = process.env.MEMORY_REPORT_FILE;
if (reportFile) {
  process.on('SIGUSR2', () => writeFileSync(reportFile, JSON.stringify(process.memoryUsage())));
}
await import('../../apps/server/src/main.ts');
