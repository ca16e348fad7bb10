import '@mantine/core/styles/Skeleton.css';
import { Alert, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import type { TCompanyReviewResult } from '@portal/contract';
import { IconChecks } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { LoadFailed } from '../../../components/feedback/load-failed';
import { Page } from '../../../components/page/page';
import { de } from '../../../i18n/de';
import { useApplyReview, useProposals } from './api/review';
import { CompanySections, companyCrumbs } from './components/company-sections';
import { ProposalCard } from './components/proposal-card';
import {
  allChoices,
  initialChoices,
  mergeTargets,
  type ReviewChoices,
  reviewPlan,
  withChoice,
} from './lib/review-decisions';

const texts = de.adminCompanies.reviewPage;
const TITLE = de.adminCompanies.review;

/**
 * Issue 36, /admin/companies/review (ROLE_ADMIN): the companies proposed from members' company texts; the
 * admin decides for each, and 'Übernehmen' applies every decision in one transaction (decision 0170).
 */
export function AdminCompanyReviewPage() {
  const proposals = useProposals();
  const apply = useApplyReview();
  const [choices, setChoices] = useState<ReviewChoices>({});
  const [checked, setChecked] = useState(false);
  const [result, setResult] = useState<TCompanyReviewResult | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  // New proposals start as proposed; a list read again (after applying, a refocused window) keeps the choices.
  useEffect(() => {
    const data = proposals.data;
    if (data) setChoices((current) => initialChoices(data, current));
  }, [proposals.data]);
  useEffect(() => {
    if (result) resultRef.current?.focus();
  }, [result]);

  const list = proposals.data ?? [];
  const plan = reviewPlan(list, choices);
  const hasErrors = Object.keys(plan.errors).length > 0;
  const submit = () => {
    setChecked(true);
    if (hasErrors || plan.decisions.length === 0) return;
    apply.mutate(plan.decisions, {
      onSuccess: (answer) => {
        setChecked(false);
        setResult(answer);
      },
    });
  };

  return (
    <Page title={TITLE} breadcrumbs={companyCrumbs(TITLE)}>
      <CompanySections />
      <Text>{texts.intro}</Text>
      {result && (
        <Alert ref={resultRef} tabIndex={-1} color="green" variant="light" title={texts.result} role="status">
          {texts.applied(result.created, result.linked, result.skipped)}
        </Alert>
      )}
      {proposals.isPending ? (
        <Stack gap="sm" aria-busy="true" aria-label={de.app.loading}>
          <Skeleton height={120} radius="md" />
          <Skeleton height={120} radius="md" />
        </Stack>
      ) : proposals.isError ? (
        <LoadFailed text={texts.loadFailed} query={proposals} />
      ) : list.length === 0 ? (
        <Text c="dimmed">{texts.empty}</Text>
      ) : (
        <Stack gap="md">
          <Group gap="xs">
            <Button variant="default" size="xs" onClick={() => setChoices(allChoices(list, 'accept'))}>
              {texts.acceptAll}
            </Button>
            <Button variant="default" size="xs" onClick={() => setChoices(allChoices(list, 'skip'))}>
              {texts.skipAll}
            </Button>
          </Group>
          <Stack component="ul" gap="sm" p={0} m={0} aria-label={texts.list} style={{ listStyle: 'none' }}>
            {list.map((proposal) => (
              <ProposalCard
                key={proposal.key}
                proposal={proposal}
                choice={choices[proposal.key] ?? { action: 'accept', name: proposal.name, into: null }}
                targets={mergeTargets(list, choices, proposal.key)}
                error={checked ? plan.errors[proposal.key] : undefined}
                onChange={(change) => setChoices((current) => withChoice(current, proposal.key, change))}
              />
            ))}
          </Stack>
          {checked && hasErrors && (
            <Text c="red.8" role="alert">
              {texts.invalid}
            </Text>
          )}
          <Group justify="space-between" gap="sm">
            <Text aria-live="polite">{texts.summary(plan.taken, plan.skipped)}</Text>
            <Button
              leftSection={<IconChecks size={16} aria-hidden />}
              onClick={submit}
              loading={apply.isPending}
            >
              {texts.apply}
            </Button>
          </Group>
        </Stack>
      )}
    </Page>
  );
}
