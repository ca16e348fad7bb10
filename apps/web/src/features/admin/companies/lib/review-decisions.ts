import type { TCompanyProposal, TReviewDecision } from '@portal/contract';
import { de } from '../../../../i18n/de';

const texts = de.adminCompanies.reviewPage;

export type ReviewAction = TReviewDecision['action'];

/** What the admin chose for one proposal; `name` and `into` are kept while another action is chosen. */
export interface ReviewChoice {
  action: ReviewAction;
  name: string;
  /** the key of the proposal to merge into */
  into: string | null;
}

export type ReviewChoices = Readonly<Record<string, ReviewChoice>>;

/**
 * Every proposal starts as proposed: accept it under its most frequent spelling. A list read again keeps
 * what the admin chose for the proposals still on it (`current`); a merge into one that left is cleared.
 */
export function initialChoices(
  proposals: readonly TCompanyProposal[],
  current: ReviewChoices = {},
): ReviewChoices {
  const keys = new Set(proposals.map((proposal) => proposal.key));
  return Object.fromEntries(
    proposals.map((proposal): [string, ReviewChoice] => {
      const kept = current[proposal.key];
      if (!kept) return [proposal.key, { action: 'accept', name: proposal.name, into: null }];
      return [proposal.key, kept.into !== null && !keys.has(kept.into) ? { ...kept, into: null } : kept];
    }),
  );
}

function choiceOf(choices: ReviewChoices, proposal: TCompanyProposal): ReviewChoice {
  return choices[proposal.key] ?? { action: 'accept', name: proposal.name, into: null };
}

/** A company comes of the proposal: the members of others can join it (as the server allows). */
function makesCompany(choice: ReviewChoice | undefined): boolean {
  return choice?.action === 'accept' || choice?.action === 'rename';
}

/** The proposals `key` may merge into: the others that are accepted or renamed. */
export function mergeTargets(
  proposals: readonly TCompanyProposal[],
  choices: ReviewChoices,
  key: string,
): TCompanyProposal[] {
  return proposals.filter((proposal) => proposal.key !== key && makesCompany(choices[proposal.key]));
}

export interface ReviewPlan {
  decisions: TReviewDecision[];
  /** German messages by proposal key; the plan is sent only without any */
  errors: Record<string, string>;
  /** how many proposals become or join a company, and how many are skipped */
  taken: number;
  skipped: number;
}

/** The decisions to send for every proposal, checked as the server checks them. */
export function reviewPlan(proposals: readonly TCompanyProposal[], choices: ReviewChoices): ReviewPlan {
  const decisions: TReviewDecision[] = [];
  const errors: Record<string, string> = {};
  for (const proposal of proposals) {
    const { key } = proposal;
    const choice = choiceOf(choices, proposal);
    if (choice.action === 'rename') {
      const name = choice.name.trim().replace(/\s+/g, ' ');
      if (name === '') errors[key] = texts.nameRequired;
      decisions.push({ key, action: 'rename', name });
    } else if (choice.action === 'merge') {
      const into = choice.into;
      if (into === null || into === key || !makesCompany(choices[into])) errors[key] = texts.mergeRequired;
      decisions.push({ key, action: 'merge', into: into ?? '' });
    } else {
      decisions.push({ key, action: choice.action });
    }
  }
  const skipped = decisions.filter((decision) => decision.action === 'skip').length;
  return { decisions, errors, taken: decisions.length - skipped, skipped };
}

/** After a proposal stops making a company, the merges into it point nowhere: they are cleared. */
export function withChoice(
  choices: ReviewChoices,
  key: string,
  change: Partial<ReviewChoice>,
): ReviewChoices {
  const current = choices[key] ?? { action: 'accept', name: '', into: null };
  const next: Record<string, ReviewChoice> = { ...choices, [key]: { ...current, ...change } };
  if (!makesCompany(next[key])) {
    for (const [other, choice] of Object.entries(next)) {
      if (choice.action === 'merge' && choice.into === key) next[other] = { ...choice, into: null };
    }
  }
  return next;
}

/** 'Alle annehmen' / 'Alle überspringen': every proposal at once (merges and names typed are dropped). */
export function allChoices(proposals: readonly TCompanyProposal[], action: 'accept' | 'skip'): ReviewChoices {
  return Object.fromEntries(
    proposals.map((proposal) => [proposal.key, { action, name: proposal.name, into: null }]),
  );
}
