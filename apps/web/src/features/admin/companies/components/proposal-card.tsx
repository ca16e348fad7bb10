import '@mantine/core/styles/Radio.css';
import { Badge, Group, Paper, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import type { TCompanyProposal } from '@portal/contract';
import { de } from '../../../../i18n/de';
import type { ReviewAction, ReviewChoice } from '../lib/review-decisions';

const texts = de.adminCompanies.reviewPage;
const ACTIONS: { value: ReviewAction; label: string }[] = [
  { value: 'accept', label: texts.accept },
  { value: 'rename', label: texts.rename },
  { value: 'merge', label: texts.merge },
  { value: 'skip', label: texts.skip },
];

interface ProposalCardProps {
  proposal: TCompanyProposal;
  choice: ReviewChoice;
  /** the proposals it may merge into */
  targets: readonly TCompanyProposal[];
  error: string | undefined;
  onChange: (change: Partial<ReviewChoice>) => void;
}

/** One proposed company: what was written and by whom, and the admin's decision. */
export function ProposalCard({ proposal, choice, targets, error, onChange }: ProposalCardProps) {
  const { name } = proposal;
  return (
    <Paper component="li" withBorder radius="md" p="md" aria-label={texts.proposal(name)}>
      <Stack gap="xs">
        <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
          {name}
        </Text>
        <Group gap={6} align="baseline">
          <Text size="sm" c="dimmed">
            {texts.spellings}:
          </Text>
          {proposal.spellings.map((spelling) => (
            <Badge key={spelling.text} variant="light" color="gray" tt="none" radius="sm">
              {texts.spelling(spelling.text, spelling.count)}
            </Badge>
          ))}
        </Group>
        <Text size="sm">
          <Text span c="dimmed">
            {texts.members}:{' '}
          </Text>
          {proposal.members.map((member) => member.username).join(', ')}
        </Text>
        {proposal.existingId !== null && (
          <Text size="sm" c="blue.8">
            {texts.existing}
          </Text>
        )}
        <Radio.Group
          label={texts.decision(name)}
          value={choice.action}
          onChange={(value) => {
            const action = ACTIONS.find((candidate) => candidate.value === value)?.value;
            if (action) onChange({ action });
          }}
        >
          <Group gap="md" mt={6}>
            {ACTIONS.map((action) => (
              <Radio key={action.value} value={action.value} label={action.label} />
            ))}
          </Group>
        </Radio.Group>
        {choice.action === 'rename' && (
          <TextInput
            label={texts.newName(name)}
            value={choice.name}
            onChange={(event) => onChange({ name: event.currentTarget.value })}
            error={error}
            maw={420}
          />
        )}
        {choice.action === 'merge' && (
          <Select
            label={texts.mergeInto(name)}
            placeholder={texts.mergePlaceholder}
            data={targets.map((target) => ({ value: target.key, label: target.name }))}
            value={choice.into}
            onChange={(into) => onChange({ into })}
            error={error}
            maw={420}
          />
        )}
      </Stack>
    </Paper>
  );
}
