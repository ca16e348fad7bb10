import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { APP_PATHS, COMPANY_STATES, type TCompanyPage } from '@portal/contract';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { de } from '../../../../i18n/de';

const texts = de.adminCompanies;

export type CompanyCard = TCompanyPage['items'][number];

/** 'PLZ Ort (Bundesland)', or 'ohne Ort'. */
function placeLine(company: Pick<CompanyCard, 'postalCode' | 'city' | 'state'>): string {
  const place = [company.postalCode, company.city].filter(Boolean).join(' ');
  const state = company.state ? COMPANY_STATES[company.state] : null;
  if (!place) return state ?? texts.noPlace;
  return state ? `${place} (${state})` : place;
}

interface CompanyRowProps {
  company: CompanyCard;
  onDelete: (company: CompanyCard) => void;
}

/** One company of the admin's list: name (its page), place, specialties; edit and delete. */
export function CompanyRow({ company, onDelete }: CompanyRowProps) {
  return (
    <Paper component="li" withBorder radius="md" p="sm" aria-label={company.name}>
      <Group justify="space-between" align="center" gap="sm">
        <Stack gap={4} style={{ flex: '1 1 16rem', minWidth: 0 }}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {company.name}
          </Text>
          <Text size="sm" c="dimmed">
            {placeLine(company)}
          </Text>
          {company.specialties.length > 0 && (
            <Group gap={4}>
              {company.specialties.map((specialty) => (
                <Badge key={specialty.id} variant="light" tt="none" radius="sm">
                  {specialty.name}
                </Badge>
              ))}
            </Group>
          )}
        </Stack>
        <Group gap={4} wrap="nowrap">
          <Button
            component={Link}
            to={APP_PATHS.adminCompany(company.id)}
            variant="subtle"
            size="xs"
            leftSection={<IconPencil size={14} aria-hidden />}
            aria-label={texts.editLabel(company.name)}
          >
            {de.common.edit}
          </Button>
          <Button
            variant="subtle"
            color="red"
            size="xs"
            leftSection={<IconTrash size={14} aria-hidden />}
            aria-label={texts.deleteLabel(company.name)}
            onClick={() => onDelete(company)}
          >
            {de.common.delete}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
