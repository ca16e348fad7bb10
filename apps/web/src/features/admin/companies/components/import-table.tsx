import '@mantine/core/styles/Table.css';
import { Badge, Box, Group, Table } from '@mantine/core';
import type { TCompanyImportOutcome, TCompanyImportResult } from '@portal/contract';
import { de } from '../../../../i18n/de';
import { countParts, outcomeLabel } from '../lib/import-view';

const texts = de.adminCompanies.importPage;
const COLORS: Record<TCompanyImportOutcome, string> = {
  new: 'green',
  changed: 'blue',
  unchanged: 'gray',
  error: 'red',
};

/** The counts of a preview or a run, one badge per outcome. */
export function ImportCounts({ result }: { result: TCompanyImportResult }) {
  return (
    <Group component="ul" gap="xs" p={0} m={0} aria-label={texts.counts} style={{ listStyle: 'none' }}>
      {countParts(result.counts).map((part) => (
        <Badge
          key={part.outcome}
          component="li"
          color={COLORS[part.outcome]}
          variant="light"
          tt="none"
          size="lg"
        >
          {part.text}
        </Badge>
      ))}
    </Group>
  );
}

/** Each row of the file with its outcome and, for an error, the German reason (what changed otherwise). */
export function ImportTable({ result, caption }: { result: TCompanyImportResult; caption: string }) {
  return (
    // On a phone the table scrolls sideways inside its own region, which the keyboard can reach and scroll.
    <Box role="region" aria-label={caption} tabIndex={0} style={{ overflowX: 'auto' }}>
      <Table miw={520} striped withTableBorder verticalSpacing="xs" captionSide="top">
        <Table.Caption style={{ textAlign: 'start', fontWeight: 600 }}>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{texts.line}</Table.Th>
            <Table.Th scope="col">{texts.company}</Table.Th>
            <Table.Th scope="col">{texts.outcome}</Table.Th>
            <Table.Th scope="col">{texts.message}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {result.rows.map((row) => (
            <Table.Tr key={row.line}>
              <Table.Td>{row.line}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.company}</Table.Td>
              <Table.Td>
                <Badge color={COLORS[row.outcome]} variant="light" tt="none">
                  {outcomeLabel(row.outcome)}
                </Badge>
              </Table.Td>
              <Table.Td c={row.outcome === 'error' ? 'red.8' : undefined}>{row.message ?? ''}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Box>
  );
}
