import '@mantine/core/styles/Fieldset.css';
import { zodResolver } from '@hookform/resolvers/zod';
import { ActionIcon, Button, Fieldset, Group, Stack, Text, TextInput } from '@mantine/core';
import {
  SYNONYM_TERMS_MAX,
  SYNONYM_TERMS_MIN,
  type TSearchSynonym,
  type TSearchSynonymInput,
  ZSearchSynonymInput,
} from '@portal/contract';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useEffect, useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { useAlerts } from '../../../../components/feedback/alerts';
import { useDirtyGuard } from '../../../../components/form/dirty-guard';
import { FormActions } from '../../../../components/form/form-actions';
import { saveWithFieldErrors } from '../../../../components/form/save-with-field-errors';
import { de } from '../../../../i18n/de';
import { useSaveSynonyms } from '../api/save-synonyms';
import {
  focusAfterRemoval,
  synonymFormDefaults,
  TERM_FIELDS,
  withTermAdded,
  withTermRemoved,
} from '../lib/synonym-form';

const texts = de.adminSynonyms;

interface SynonymFormProps {
  /** The group to edit; without it a new one. */
  group: TSearchSynonym | undefined;
  onDone: () => void;
}

/**
 * Issue 33: a group's terms, one field each (2 to 20). The contract's schema checks them here and on the
 * server, which also refuses a term another group holds; its message stands at that term's field.
 */
function SynonymForm({ group, onDone }: SynonymFormProps) {
  const alerts = useAlerts();
  const save = useSaveSynonyms();
  const { control, handleSubmit, setError, setValue, setFocus, getValues, formState } = useForm<
    TSearchSynonymInput,
    unknown,
    z.output<typeof ZSearchSynonymInput>
  >({ resolver: zodResolver(ZSearchSynonymInput), defaultValues: synonymFormDefaults(group) });
  useDirtyGuard(formState.isDirty);
  const terms = useWatch({ control, name: 'terms' });
  // The field to focus once the list has rendered after adding or removing one.
  const [focusIndex, setFocusIndex] = useState<number | null>(null);
  useEffect(() => {
    if (focusIndex === null) return;
    setFocus(`terms.${focusIndex}`);
    setFocusIndex(null);
  }, [focusIndex, setFocus]);
  const hintId = useId();

  const replaceTerms = (next: string[]) =>
    setValue('terms', next, { shouldDirty: true, shouldValidate: formState.isSubmitted });
  const add = () => {
    replaceTerms(withTermAdded(getValues('terms')));
    setFocusIndex(getValues('terms').length - 1);
  };
  const remove = (index: number) => {
    const next = withTermRemoved(getValues('terms'), index);
    replaceTerms(next);
    setFocusIndex(focusAfterRemoval(index, next.length));
  };

  const submit = handleSubmit(async (values) => {
    const saved = await saveWithFieldErrors(() => save.mutateAsync({ id: group?.id ?? null, values }), {
      entity: '',
      fields: TERM_FIELDS,
      setError,
    });
    if (!saved.ok) return;
    alerts.success(texts.saved);
    onDone();
  });

  const listError = formState.errors.terms?.root?.message ?? formState.errors.terms?.message;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Fieldset legend={texts.form.terms} variant="unstyled" aria-describedby={hintId}>
          <Stack gap="xs">
            <Text size="sm" c="dimmed" id={hintId}>
              {texts.form.termsHint}
            </Text>
            {terms.map((_, index) => (
              <Controller
                // The fields are controlled: their values follow the list, so a place is all a key needs.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                key={index}
                control={control}
                name={`terms.${index}`}
                render={({ field, fieldState }) => (
                  <Group gap="xs" align="flex-start" wrap="nowrap">
                    <TextInput
                      {...field}
                      label={texts.form.term(index + 1)}
                      withAsterisk={index < SYNONYM_TERMS_MIN}
                      data-autofocus={index === 0 || undefined}
                      error={fieldState.error?.message}
                      style={{ flex: 1, minWidth: 0 }}
                    />
                    {terms.length > SYNONYM_TERMS_MIN && (
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        size="lg"
                        mt={26}
                        aria-label={texts.form.remove(index + 1)}
                        onClick={() => remove(index)}
                      >
                        <IconX size={16} aria-hidden />
                      </ActionIcon>
                    )}
                  </Group>
                )}
              />
            ))}
            {listError && (
              <Text size="sm" c="red.8" role="alert">
                {listError}
              </Text>
            )}
            <Group>
              <Button
                variant="default"
                size="xs"
                leftSection={<IconPlus size={14} aria-hidden />}
                disabled={terms.length >= SYNONYM_TERMS_MAX}
                onClick={add}
              >
                {texts.form.add}
              </Button>
            </Group>
          </Stack>
        </Fieldset>
        <FormActions onCancel={onDone} submitting={formState.isSubmitting} />
      </Stack>
    </form>
  );
}

/** Opens the synonym form in the bottom sheet. */
export function synonymFormSheet(group: TSearchSynonym | undefined, close: () => void) {
  return {
    title: group ? texts.edit : texts.create,
    content: <SynonymForm group={group} onDone={close} />,
  };
}
