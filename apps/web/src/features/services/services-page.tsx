import { APP_PATHS } from '@portal/contract';
import '@mantine/core/styles/SimpleGrid.css';
import { Anchor, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Page } from '../../components/page/page';
import { de } from '../../i18n/de';
import { getSettings } from '../../lib/settings';
import { OfferCard } from './components/offer-card';
import { SERVICE_OFFERS } from './offers';

/** Service offerings (SPEC §2 'service-offerings'): the ten fixed offers and a contact note. */
export function ServicesPage() {
  const { contactEmail } = getSettings();
  return (
    <Page
      title={de.pages.services}
      breadcrumbs={[{ label: de.pages.dashboard, to: APP_PATHS.dashboard }, { label: de.pages.services }]}
    >
      <Stack gap="lg">
        <Stack gap="xs">
          <Text component="p" size="xl" fw={600} m={0}>
            {de.services.subheading}
          </Text>
          <Text maw={860}>{de.services.intro}</Text>
        </Stack>
        <SimpleGrid
          cols={{ base: 1, sm: 2, lg: 3 }}
          spacing="lg"
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={de.pages.services}
        >
          {SERVICE_OFFERS.map((offer) => (
            <li key={offer.id}>
              <OfferCard offer={offer} />
            </li>
          ))}
        </SimpleGrid>
        <Paper withBorder radius="md" p="md" bg="gray.0">
          <Title order={2} size="h4" mb="xs">
            {de.services.closingTitle}
          </Title>
          <Text>
            {de.services.closingBefore}
            {contactEmail ? <Anchor href={`mailto:${contactEmail}`}>{contactEmail}</Anchor> : null}
            {de.services.closingAfter}
          </Text>
        </Paper>
      </Stack>
    </Page>
  );
}
