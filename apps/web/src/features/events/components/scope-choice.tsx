import { Button, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { TEventChangeScope } from '@portal/contract';
import { showOverlays } from '../../../components/overlay/overlays';
import { de } from '../../../i18n/de';

const texts = de.events.scope;

/**
 * Issue 35 point 5: saving, deleting or cancelling an occurrence of a series asks 'Nur diesen Termin' or
 * 'Diesen und alle folgenden Termine'; null when the admin aborts (Escape, 'Abbrechen'). An event outside a
 * series needs no question: 'this' at once.
 */
export async function chooseScope(
  event: { seriesId: number | null },
  question: string,
): Promise<TEventChangeScope | null> {
  if (event.seriesId === null) return 'this';
  await showOverlays();
  return new Promise((resolve) => {
    let answered = false;
    const modalId = `scope-${Date.now()}`;
    const answer = (scope: TEventChangeScope | null) => {
      if (answered) return;
      answered = true;
      resolve(scope);
      modals.close(modalId);
    };
    modals.open({
      modalId,
      title: texts.title,
      centered: true,
      closeButtonProps: { 'aria-label': de.dialog.close },
      onClose: () => answer(null),
      children: (
        <Stack gap="sm">
          <Text size="sm">{question}</Text>
          <Button data-autofocus onClick={() => answer('this')}>
            {texts.this}
          </Button>
          <Button variant="light" onClick={() => answer('following')}>
            {texts.following}
          </Button>
          <Button variant="subtle" color="gray" onClick={() => answer(null)}>
            {texts.abort}
          </Button>
        </Stack>
      ),
    });
  });
}
