import { Alert, Button, FileInput, Group, Stack, Text } from '@mantine/core';
import { COMPANY_CSV, type TCompanyImportResult } from '@portal/contract';
import { IconDownload, IconFileTypeCsv, IconUpload } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useAlerts } from '../../../components/feedback/alerts';
import { Page } from '../../../components/page/page';
import { de } from '../../../i18n/de';
import { downloadCompaniesCsv, useImportCompanies } from './api/import-companies';
import { CompanySections, companyCrumbs } from './components/company-sections';
import { ImportCounts, ImportTable } from './components/import-table';
import { changesSomething, mayRun } from './lib/import-view';

const texts = de.adminCompanies.importPage;
const TITLE = de.adminCompanies.import;
const COLUMNS = Object.values(COMPANY_CSV).join('; ');

/**
 * Issue 36, /admin/companies/import (ROLE_ADMIN): a chosen CSV is previewed at once (each row's outcome);
 * 'Import ausführen' runs it only without an error, as the server would refuse it (decision 0173).
 */
export function AdminCompanyImportPage() {
  const alerts = useAlerts();
  const importer = useImportCompanies();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<TCompanyImportResult | null>(null);
  const [applied, setApplied] = useState<TCompanyImportResult | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  // The file input forgets the chosen file, so that the same file, corrected, can be chosen again.
  const resetInput = useRef<() => void>(null);
  useEffect(() => {
    if (applied) resultRef.current?.focus();
  }, [applied]);

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setPreview(null);
    setApplied(null);
    resetInput.current?.();
    if (chosen) importer.mutate({ file: chosen, dryRun: true }, { onSuccess: setPreview });
  };
  const run = () => {
    if (!file) return;
    importer.mutate(
      { file, dryRun: false },
      {
        onSuccess: (result) => {
          setPreview(null);
          setApplied(result);
          alerts.success(texts.applied);
        },
      },
    );
  };

  const actions = (
    <Button
      variant="light"
      leftSection={<IconDownload size={16} aria-hidden />}
      onClick={() => void downloadCompaniesCsv()}
    >
      {texts.export}
    </Button>
  );

  return (
    <Page title={TITLE} breadcrumbs={companyCrumbs(TITLE)} actions={actions}>
      <CompanySections />
      <Text>{texts.intro}</Text>
      <Text size="sm">
        <Text span fw={600}>
          {texts.columns}:{' '}
        </Text>
        {COLUMNS}
      </Text>
      <Text size="sm" c="dimmed">
        {texts.exportHint}
      </Text>
      <FileInput
        label={texts.file}
        placeholder={texts.filePlaceholder}
        accept=".csv,text/csv"
        value={file}
        onChange={choose}
        resetRef={resetInput}
        clearable
        clearButtonProps={{ 'aria-label': de.adminAudit.clear }}
        leftSection={<IconFileTypeCsv size={16} aria-hidden />}
        disabled={importer.isPending}
        maw={420}
      />
      {preview && (
        <Stack gap="sm">
          <ImportCounts result={preview} />
          {!mayRun(preview) ? (
            <Alert color="red" variant="light" role="alert">
              {texts.hasErrors}
            </Alert>
          ) : (
            !changesSomething(preview) && <Text c="dimmed">{texts.nothingToDo}</Text>
          )}
          <ImportTable result={preview} caption={file ? texts.previewOf(file.name) : texts.preview} />
          <Group justify="flex-end">
            <Button
              leftSection={<IconUpload size={16} aria-hidden />}
              disabled={!mayRun(preview)}
              loading={importer.isPending}
              onClick={run}
            >
              {texts.run}
            </Button>
          </Group>
        </Stack>
      )}
      {applied && (
        <Stack gap="sm">
          <Alert
            ref={resultRef}
            tabIndex={-1}
            color="green"
            variant="light"
            title={texts.result}
            role="status"
          >
            {texts.applied}
          </Alert>
          <ImportCounts result={applied} />
          <ImportTable result={applied} caption={texts.result} />
        </Stack>
      )}
    </Page>
  );
}
