/**
 * npm run bench, search quality (issue 33 point 7): the bench's own German evaluation set (bench/support/
 * search-quality/: 290 documents of the trade, 72 queries in nine categories, graded judgments written before
 * any engine ran) searched through the portal's `GET /api/search` (limit 10, as an admin, who may see
 * everything) on SQLite and on a throwaway PostgreSQL cluster, and through MiniSearch over the same documents
 * in this process as the peer. Per category and overall: nDCG@10, MRR (first document graded 2 or more),
 * recall@10 (graded 1 or more) and the share of queries answered with nothing. Budgets in bench/budgets.ts:
 * the portal's overall nDCG@10 ahead of the peer's, no category below it by more than 0.05, and the two
 * databases ranking every query alike. `--queries` also prints each query's nDCG@10 and both top threes.
 */
import { parseArgs } from 'node:util';
import { startCluster } from '../apps/server/test/helpers/pg-cluster.ts';
import { SEARCH_QUALITY_BUDGETS } from './budgets.ts';
import { reportMisses } from './support/budget-report.ts';
import { startInProcessApp } from './support/in-process-app.ts';
import { corpusDocuments, readCorpus } from './support/search-quality/corpus.ts';
import {
  CATEGORIES,
  type EvaluationQuery,
  readEvaluationSet,
} from './support/search-quality/evaluation-set.ts';
import { meanScores, RELEVANT, type Scores, scoreQuery } from './support/search-quality/metrics.ts';
import { createPeer } from './support/search-quality/peer.ts';
import { portalSearch } from './support/search-quality/portal.ts';

const LIMIT = 10;

type Answers = Map<string, { keys: string[]; hits: string[] }>;

async function portalAnswers(
  kind: 'sqlite' | 'postgres',
  queries: readonly EvaluationQuery[],
): Promise<Answers> {
  const cluster = kind === 'postgres' ? await startCluster({ database: 'portal_quality' }) : undefined;
  try {
    const bench = await startInProcessApp(cluster ? { DATABASE_URL: cluster.url } : {});
    try {
      const portal = await portalSearch(bench, readCorpus());
      const answers: Answers = new Map();
      for (const query of queries) answers.set(query.key, await portal.search(query.q, LIMIT));
      return answers;
    } finally {
      await bench.close();
    }
  } finally {
    await cluster?.destroy();
  }
}

const { values } = parseArgs({ options: { queries: { type: 'boolean', default: false } } });
const corpus = readCorpus();
const documents = corpusDocuments(corpus);
const queries = readEvaluationSet(new Set(documents.map((doc) => doc.key)));
const peer = createPeer(documents);
const sqlite = await portalAnswers('sqlite', queries);
const postgres = await portalAnswers('postgres', queries);

const differing = queries.filter(
  (query) => sqlite.get(query.key)?.hits.join('\n') !== postgres.get(query.key)?.hits.join('\n'),
);
const scores = queries.map((query) => ({
  query,
  portal: scoreQuery(LIMIT, sqlite.get(query.key)?.keys ?? [], query.judged),
  peer: scoreQuery(LIMIT, peer(query.q, LIMIT), query.judged),
}));

const figure = (value: number) => value.toFixed(3);
const percent = (value: number) => `${Math.round(value * 100)} %`;
const misses: Record<string, boolean> = {};
const rows = [...CATEGORIES, 'all' as const].map((category) => {
  const chosen = scores.filter((score) => category === 'all' || score.query.category === category);
  const portal: Scores = meanScores(chosen.map((score) => score.portal));
  const other: Scores = meanScores(chosen.map((score) => score.peer));
  const lead = portal.ndcg - other.ndcg;
  const budget =
    category === 'all'
      ? `ahead (> +${SEARCH_QUALITY_BUDGETS.overallLeadMin})`
      : `≥ −${SEARCH_QUALITY_BUDGETS.categoryShortfallMax}`;
  const missed =
    category === 'all'
      ? lead <= SEARCH_QUALITY_BUDGETS.overallLeadMin
      : lead < -SEARCH_QUALITY_BUDGETS.categoryShortfallMax;
  misses[`${category}: nDCG@10 ${figure(portal.ndcg)} against MiniSearch ${figure(other.ndcg)}`] = missed;
  return {
    category,
    queries: chosen.length,
    'nDCG@10': figure(portal.ndcg),
    'peer nDCG@10': figure(other.ndcg),
    lead: `${lead >= 0 ? '+' : ''}${figure(lead)}`,
    budget: `${budget}${missed ? ' MISSED' : ''}`,
    MRR: figure(portal.mrr),
    'peer MRR': figure(other.mrr),
    'recall@10': figure(portal.recall),
    'peer recall@10': figure(other.recall),
    zero: percent(portal.zero),
    'peer zero': percent(other.zero),
  };
});

if (values.queries) {
  console.table(
    scores.map(({ query, portal, peer: other }) => ({
      query: `${query.key} ${query.category}: ${query.q}`,
      'nDCG@10': figure(portal.ndcg),
      'peer nDCG@10': figure(other.ndcg),
      portal: (sqlite.get(query.key)?.keys ?? []).slice(0, 3).join(' '),
      peer: peer(query.q, 3).join(' '),
    })),
  );
}
console.log(
  `Search quality: ${queries.length} queries over ${documents.length} documents, the portal (SQLite; PostgreSQL ` +
    `${differing.length === 0 ? 'ranks alike' : `differs on ${differing.length}`}) against MiniSearch (peer); ` +
    `MRR counts the first document graded ${RELEVANT} or more, recall those graded 1 or more:`,
);
console.table(rows);
for (const query of differing) {
  console.error(
    `SQLite and PostgreSQL differ on ${query.key} "${query.q}":\n  ${sqlite.get(query.key)?.hits.join(' | ')}\n  ${postgres.get(query.key)?.hits.join(' | ')}`,
  );
}
reportMisses({
  ...misses,
  [`SQLite and PostgreSQL rank alike (${differing.length} differ)`]: differing.length > 0,
});
