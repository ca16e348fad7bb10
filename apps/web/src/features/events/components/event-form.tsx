import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/dates/styles.css';
import { zodResolver } from '@hookform/resolvers/zod';
import { SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { type TEvent, ZEventInput } from '@portal/contract';
import { useRef } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useAlerts } from '../../../components/feedback/alerts';
import { DateTimeField } from '../../../components/form/date-time-field';
import { useDirtyGuard } from '../../../components/form/dirty-guard';
import { FormActions } from '../../../components/form/form-actions';
import { useImageChoice } from '../../../components/form/image-choice';
import { ImageField } from '../../../components/form/image-field';
import { RichTextInput } from '../../../components/form/rich-text-input';
import { saveWithFieldErrors } from '../../../components/form/save-with-field-errors';
import { useUploadProgress } from '../../../components/form/upload-progress';
import { de } from '../../../i18n/de';
import { useSaveEvent } from '../api/save-event';
import { berlinDay } from '../lib/calendar-range';
import {
  type EventFormOutput,
  type EventFormValues,
  endFollowingStart,
  eventPayload,
  initialEventValues,
  recurrenceProblems,
} from '../lib/event-form-values';
import { RecurrenceFields } from './recurrence-fields';
import { RegistrationFields } from './registration-fields';
import { chooseScope } from './scope-choice';

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
  'maxParticipants',
  'waitingList',
  'maxGuests',
  'reminderHours',
  'recurrence.interval',
  'recurrence.weekOfMonth',
  'recurrence.until',
  'recurrence.count',
] as const;
const texts = de.events.form;

/** The contract's schema plus the series' checks the server makes against the start (issue 35). */
const ZEventForm = ZEventInput.superRefine((values, ctx) => {
  for (const problem of recurrenceProblems(values)) {
    ctx.addIssue({ code: 'custom', path: ['recurrence', problem.path], message: problem.message });
  }
});

/** SPEC §5 event form; the contract's schema gives the browser the server's German messages. */
export function EventForm({ event, day, onDone }: EventFormProps) {
  const alerts = useAlerts();
  const save = useSaveEvent();
  const image = useImageChoice(texts.imageType);
  const { register, control, handleSubmit, setError, getValues, setValue, formState } = useForm<
    EventFormValues,
    unknown,
    EventFormOutput
  >({
    resolver: zodResolver(ZEventForm),
    defaultValues: initialEventValues(event, day),
  });
  const { errors } = formState;
  const upload = useUploadProgress();
  // Until the admin sets the end, it follows the start (issue 31): two hours after a new start, the same
  // length after a moved one.
  const endSet = useRef(false);
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const changed = (name: 'start' | 'end' | 'registrationDeadline', iso: string) => {
    if (name === 'end') endSet.current = true;
    if (name !== 'start' || endSet.current) return;
    const end = endFollowingStart(text(getValues('start')), iso, text(getValues('end')));
    setValue('end', end, { shouldDirty: true, shouldValidate: formState.isSubmitted });
  };
  useDirtyGuard(formState.isDirty || image.choice.file !== null || image.choice.remove);
  // SPEC §5: the pickers start at today (an older event keeps its own days selectable).
  const today = berlinDay();
  const minDate =
    event && berlinDay(new Date(event.start)) < today ? berlinDay(new Date(event.start)) : today;

  const submit = handleSubmit(async (values) => {
    if (!image.check()) return;
    const scope = event ? await chooseScope(event, de.events.scope.saveText) : null;
    if (event && scope === null) return;
    const saved = await saveWithFieldErrors(
      () =>
        upload.track((onProgress) =>
          save.mutateAsync({
            event: eventPayload(values, image.choice, event?.seriesId ? scope : null),
            image: image.choice.file,
            onProgress,
          }),
        ),
      { entity: 'event', fields: FIELDS, setError, onError: image.showServerError },
    );
    if (!saved.ok) return;
    alerts.success(de.events.saved);
    onDone();
  }, image.check);

  const dateField = (name: 'start' | 'end' | 'registrationDeadline', label: string, required: boolean) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <DateTimeField
          label={label}
          required={required}
          description={name === 'registrationDeadline' ? texts.deadlineHint : undefined}
          value={typeof field.value === 'string' ? field.value : ''}
          onChange={(iso) => {
            changed(name, iso);
            field.onChange(iso);
          }}
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
        <RichTextInput
          control={control}
          name="description"
          label={texts.description}
          required
          minHeight={120}
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
        <ImageField
          current={event?.image ? { url: event.image, name: event.imagePath } : null}
          choice={image.choice}
          onChange={image.choose}
          error={image.error}
        />
        <RegistrationFields control={control} errors={errors} />
        {(!event || event.seriesId === null) && <RecurrenceFields control={control} errors={errors} />}
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
        <FormActions onCancel={onDone} submitting={formState.isSubmitting} progress={upload.progress} />
      </Stack>
    </form>
  );
}
