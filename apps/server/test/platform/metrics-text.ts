/** Reading the Prometheus text format in tests: a sample's value, and every label of a scrape. */

const SAMPLE = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/;
const LABEL = /([a-zA-Z_]\w*)="((?:[^"\\]|\\.)*)"/g;

function labelsOf(text: string | undefined): Map<string, string> {
  return new Map([...(text ?? '').matchAll(LABEL)].map((match) => [match[1] ?? '', match[2] ?? '']));
}

/**
 * The sum of the samples named `name` whose labels include `wanted` (0 when there is none): with fewer
 * labels than the series have, it adds the series up (all statuses of a route, say).
 */
export function metricValue(text: string, name: string, wanted: Record<string, string>): number {
  let total = 0;
  for (const line of text.split('\n')) {
    const match = SAMPLE.exec(line);
    if (!match || match[1] !== name) continue;
    const labels = labelsOf(match[2]);
    if (Object.entries(wanted).every(([key, value]) => labels.get(key) === value)) total += Number(match[3]);
  }
  return total;
}

/** Every label name and value of every sample. */
export function metricsLabels(text: string): [string, string][] {
  return text
    .split('\n')
    .map((line) => SAMPLE.exec(line))
    .flatMap((match) => (match ? [...labelsOf(match[2])] : []));
}
