/** How every bench ends: the budgets it missed, named on stderr, fail the run. */

/**
 * `missed` maps a budget's name to whether it was missed; those that were are printed in one line (with
 * `detail` after them) and the process exits with 1. Nothing is printed when every budget was kept.
 */
export function reportMisses(missed: Record<string, boolean>, detail = ''): void {
  const names = Object.entries(missed)
    .filter(([, isMissed]) => isMissed)
    .map(([name]) => name);
  if (names.length === 0) return;
  console.error(`Budget missed: ${names.join(', ')}${detail ? ` (${detail})` : ''}.`);
  process.exitCode = 1;
}
