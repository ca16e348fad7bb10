import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Code.css';
import { Button, Card, Code, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { de } from '../../../i18n/de';
import type { OfferTerms, ServiceOffer } from '../offers';
import classes from './offer-card.module.css';

/** Links to providers open in a new tab, without giving the provider a handle on this page. */
const external = { target: '_blank', rel: 'noopener noreferrer' } as const;

function Terms({ terms }: { terms: OfferTerms }) {
  if (terms.kind === 'promoCode') {
    return (
      <Text size="sm">
        {de.services.promoCode} <Code className={classes.code}>{terms.code}</Code>
      </Text>
    );
  }
  if (terms.kind === 'askNetwork') {
    return (
      <Text size="sm" className={classes.notice}>
        {de.services.askNetwork}
      </Text>
    );
  }
  return (
    <Text size="sm" c="dimmed">
      {de.services.noCode}
    </Text>
  );
}

/** One offer (SPEC §2): picture linking out (310 px high), title, description, terms, 'Zum Dienstleister'. */
export function OfferCard({ offer }: { offer: ServiceOffer }) {
  return (
    <Card withBorder radius="md" padding="md" className={classes.card} data-testid="service-offer">
      <Card.Section>
        <a href={offer.url} {...external} aria-label={de.services.imageLinkLabel(offer.title)}>
          <img src={offer.image} alt={offer.imageAlt} className={classes.image} />
        </a>
      </Card.Section>
      <Stack gap="xs" mt="md" className={classes.body}>
        <Title order={2} size="h4">
          {offer.title}
        </Title>
        <Text size="sm">{offer.description}</Text>
        <Terms terms={offer.terms} />
      </Stack>
      <Button
        component="a"
        href={offer.url}
        {...external}
        mt="md"
        fullWidth
        rightSection={<IconExternalLink size={16} aria-hidden />}
        aria-label={de.services.toProviderLabel(offer.title)}
      >
        {de.services.toProvider}
      </Button>
    </Card>
  );
}
