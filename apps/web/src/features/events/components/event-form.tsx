import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/dates/styles.css';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { type TEvent, ZEventInput } from '@portal/contract';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useAlerts } from '../../../app/frame';
import { RichTextField } from '../../../components/rich-text-editor/rich-text-field';
import { de } from '../../../i18n/de';
import { ApiError, fieldErrorsOf } from '../../../lib/api-error';
import { useSaveEvent } from '../api/save-event';
import { berlinDay } from '../lib/calendar-range';
import {
  type EventFormOutput,
  type EventFormValues,
  eventPayload,
  type ImageChoice,
  initialEventValues,
  isAllowedImage,
} from '../lib/event-form-values';
import { EventDateField } from './event-date-field';
import { EventImageField } from './event-image-field';

interface EventFormProps {
  event: TEvent | undefined;
  /** A new event on this day (`YYYY-MM-DD`). */
  day: string | null;
  onDone: () => void;
}

const FIELDS = [
  'name',
  'description',
  'location',
  'start',
  'end',
  'url',
  'registrationDeadline',
  'teilnahmeausblenden',
  'external',
] as const;
const texts = de.events.form;

/** SPEC §5 event form; the contract's schema gives the browser the server's German messages. */
export function EventForm({ event, day, onDone }: EventFormProps) {
  const alerts = useAlerts();
  const save = useSaveEvent();
  const [image, setImage] = useState<ImageChoice>({ file: null, remove: false });
  const [imageError, setImageError] = useState<string | null>(null);
  const { register, control, handleSubmit, setError, formState } = useForm<
    EventFormValues,
    unknown,
    EventFormOutput
  >({
    resolver: zodResolver(ZEventInput),
    defaultValues: initialEventValues(event, day),
  });
  const { errors } = formState;
  // SPEC §5: the pickers start at today (an older event keeps its own days selectable).
  const today = berlinDay();
  const minDate =
    event && berlinDay(new Date(event.start)) < today ? berlinDay(new Date(event.start)) : today;

  function chooseImage(next: ImageChoice) {
    setImage(next);
    setImageError(next.file && !isAllowedImage(next.file) ? texts.imageType : null);
  }

  const checkImage = (): boolean => {
    const ok = !image.file || isAllowedImage(image.file);
    if (!ok) setImageError(texts.imageType);
    return ok;
  };

  const submit = handleSubmit(async (values) => {
    if (!checkImage()) return;
    try {
      await save.mutateAsync({ event: eventPayload(values, image), image: image.file });
    } catch (error) {
      showServerErrors(error);
      return;
    }
    alerts.success(de.events.saved);
    onDone();
  }, checkImage);

  function showServerErrors(error: unknown) {
    for (const [path, message] of fieldErrorsOf(error, 'event')) {
      const name = FIELDS.find((field) => path === field);
      if (name) setError(name, { message });
    }
    if (error instanceof ApiError && (error.status === 415 || error.fieldErrors.image)) {
      setImageError(error.fieldErrors.image ?? error.message);
    }
  }

  const dateField = (name: 'start' | 'end' | 'registrationDeadline', label: string, required: boolean) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <EventDateField
          label={label}
          required={required}
          description={name === 'registrationDeadline' ? texts.deadlineHint : undefined}
          value={typeof field.value === 'string' ? field.value : ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={errors[name]?.message}
          minDate={minDate}
        />
      )}
    />
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={texts.name}
          withAsterisk
          data-autofocus
          error={errors.name?.message}
          {...register('name')}
        />
        <Controller
          control={control}
          name="description"
          render={({ field }) => (
            <RichTextField
              label={texts.description}
              required
              minHeight={120}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.description?.message}
            />
          )}
        />
        <TextInput label={texts.location} error={errors.location?.message} {...register('location')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {dateField('start', texts.start, true)}
          {dateField('end', texts.end, true)}
        </SimpleGrid>
        {dateField('registrationDeadline', texts.deadline, false)}
        <TextInput
          label={texts.url}
          description={texts.urlHint}
          type="url"
          error={errors.url?.message}
          {...register('url')}
        />
        <EventImageField
          current={event?.image ? { url: event.image, name: event.imagePath } : null}
          choice={image}
          onChange={chooseImage}
          error={imageError}
        />
        <Controller
          control={control}
          name="teilnahmeausblenden"
          render={({ field }) => (
            <Switch
              label={texts.teilnahmeausblenden}
              checked={field.value === true || field.value === 1}
              onChange={(change) => field.onChange(change.currentTarget.checked)}
              onBlur={field.onBlur}
            />
          )}
        />
        <Controller
          control={control}
          name="external"
          render={({ field }) => (
            <Switch
              label={texts.external}
              checked={field.value === true || field.value === 1}
              onChange={(change) => field.onChange(change.currentTarget.checked)}
              onBlur={field.onBlur}
            />
          )}
        />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onDone}>
            {de.common.cancel}
          </Button>
          <Button type="submit" loading={formState.isSubmitting}>
            {de.common.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
