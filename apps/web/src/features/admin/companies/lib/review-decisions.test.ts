import type { TCompanyProposal } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { allChoices, initialChoices, mergeTargets, reviewPlan, withChoice } from './review-decisions';

const proposal = (key: string, name: string): TCompanyProposal => ({
  key,
  name,
  spellings: [{ text: name, count: 1 }],
  members: [{ id: key.length, username: `u-${key}` }],
  existingId: null,
});

const proposals = [
  proposal('glasmuellergmbh', 'Glas Müller GmbH'),
  proposal('glasmueller', 'Glas Mueller'),
  proposal('fensterbau', 'Fensterbau'),
];

describe('the review of company texts', () => {
  it('accepts every proposal as proposed unless the admin decides otherwise', () => {
    const plan = reviewPlan(proposals, initialChoices(proposals));
    expect(plan.decisions).toEqual([
      { key: 'glasmuellergmbh', action: 'accept' },
      { key: 'glasmueller', action: 'accept' },
      { key: 'fensterbau', action: 'accept' },
    ]);
    expect(plan.errors).toEqual({});
    expect([plan.taken, plan.skipped]).toEqual([3, 0]);
  });

  it('sends a rename with its name, blanks folded, and refuses an empty one', () => {
    let choices = withChoice(initialChoices(proposals), 'fensterbau', {
      action: 'rename',
      name: '  Fenster  Bau ',
    });
    expect(reviewPlan(proposals, choices).decisions[2]).toEqual({
      key: 'fensterbau',
      action: 'rename',
      name: 'Fenster Bau',
    });
    choices = withChoice(choices, 'fensterbau', { name: '   ' });
    expect(reviewPlan(proposals, choices).errors).toEqual({
      fensterbau: 'Bitte geben Sie einen neuen Namen ein.',
    });
  });

  it('merges only into another proposal that becomes a company', () => {
    let choices = withChoice(initialChoices(proposals), 'glasmueller', { action: 'merge' });
    expect(reviewPlan(proposals, choices).errors).toHaveProperty('glasmueller');
    expect(mergeTargets(proposals, choices, 'glasmueller').map((p) => p.key)).toEqual([
      'glasmuellergmbh',
      'fensterbau',
    ]);
    choices = withChoice(choices, 'glasmueller', { into: 'glasmuellergmbh' });
    const plan = reviewPlan(proposals, choices);
    expect(plan.errors).toEqual({});
    expect(plan.decisions[1]).toEqual({ key: 'glasmueller', action: 'merge', into: 'glasmuellergmbh' });
  });

  it('clears a merge whose target is skipped, so that nothing points at a skipped proposal', () => {
    let choices = withChoice(initialChoices(proposals), 'glasmueller', {
      action: 'merge',
      into: 'glasmuellergmbh',
    });
    choices = withChoice(choices, 'glasmuellergmbh', { action: 'skip' });
    expect(choices.glasmueller?.into).toBeNull();
    const plan = reviewPlan(proposals, choices);
    expect(plan.errors).toHaveProperty('glasmueller');
    expect(mergeTargets(proposals, choices, 'glasmueller').map((p) => p.key)).toEqual(['fensterbau']);
  });

  it('counts what is skipped apart from what is taken', () => {
    const choices = withChoice(initialChoices(proposals), 'fensterbau', { action: 'skip' });
    const plan = reviewPlan(proposals, choices);
    expect([plan.taken, plan.skipped]).toEqual([2, 1]);
    expect(plan.decisions[2]).toEqual({ key: 'fensterbau', action: 'skip' });
  });

  it('skips every proposal at once, so that an admin can take only a few', () => {
    const choices = withChoice(allChoices(proposals, 'skip'), 'fensterbau', { action: 'accept' });
    const plan = reviewPlan(proposals, choices);
    expect(plan.decisions.map((decision) => decision.action)).toEqual(['skip', 'skip', 'accept']);
    expect([plan.taken, plan.skipped]).toEqual([1, 2]);
  });

  it('keeps the choices of a list read again, and clears a merge into a proposal that left it', () => {
    let choices = withChoice(initialChoices(proposals), 'glasmueller', {
      action: 'merge',
      into: 'glasmuellergmbh',
    });
    choices = withChoice(choices, 'fensterbau', { action: 'skip' });
    const again = initialChoices(proposals, choices);
    expect(again).toEqual(choices);
    const later = [proposals[1], proposals[2], proposal('neu', 'Neu GmbH')].filter((p) => p !== undefined);
    expect(initialChoices(later, choices)).toEqual({
      glasmueller: { action: 'merge', name: 'Glas Mueller', into: null },
      fensterbau: { action: 'skip', name: 'Fensterbau', into: null },
      neu: { action: 'accept', name: 'Neu GmbH', into: null },
    });
  });
});
