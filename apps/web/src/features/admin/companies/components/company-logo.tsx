import '@mantine/core/styles/Image.css';
import { Button, FileInput, Group, Image, Stack, Text } from '@mantine/core';
import { acceptAttribute, PICTURE_TYPES, type TCompany } from '@portal/contract';
import { IconPhoto, IconTrash } from '@tabler/icons-react';
import { useAlerts } from '../../../../components/feedback/alerts';
import { de } from '../../../../i18n/de';
import { useSaveLogo } from '../api/save-company';

const texts = de.adminCompanies.company;
const ACCEPT = acceptAttribute(PICTURE_TYPES);

/** The company's logo: a chosen PNG or JPEG is uploaded at once (the server checks and cleans it). */
export function CompanyLogo({ company }: { company: TCompany }) {
  const alerts = useAlerts();
  const save = useSaveLogo(company.id);
  const upload = (file: File | null) => {
    if (!file) return;
    save.mutate(file, { onSuccess: () => alerts.success(texts.logoSaved) });
  };
  const remove = () => save.mutate(null, { onSuccess: () => alerts.success(texts.logoRemoved) });
  return (
    <Stack gap="xs">
      {company.logo ? (
        <Image src={company.logo} alt={texts.logoAlt(company.name)} maw={200} mah={120} fit="contain" />
      ) : (
        <Text size="sm" c="dimmed">
          {texts.noLogo}
        </Text>
      )}
      <Group align="flex-end" gap="sm">
        <FileInput
          label={texts.logo}
          description={texts.logoHint}
          placeholder={de.imageField.imagePlaceholder}
          accept={ACCEPT}
          value={null}
          onChange={upload}
          disabled={save.isPending}
          leftSection={<IconPhoto size={16} aria-hidden />}
          style={{ flex: '1 1 14rem' }}
        />
        {company.logo && (
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={14} aria-hidden />}
            onClick={remove}
            loading={save.isPending}
          >
            {texts.removeLogo}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
