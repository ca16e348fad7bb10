import '@mantine/core/styles/Checkbox.css';
import { Checkbox, Stack, Switch } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { circularLabel, type TBlog } from '@portal/contract';
import { type Control, Controller, type FieldErrors, useWatch } from 'react-hook-form';
import { GermanDates } from '../../../components/form/german-dates';
import { de } from '../../../i18n/de';
import type { AttachmentEntry } from '../lib/circular-attachments';
import { parseGermanDay } from '../lib/confirmations';
import { offersReconfirm, type PostFormValues } from '../lib/post-form-values';
import { CircularAttachmentsField } from './circular-attachments-field';

const texts = de.circulars.form;

interface CircularFieldsProps {
  control: Control<PostFormValues>;
  errors: FieldErrors<PostFormValues>;
  post: TBlog | undefined;
  attachments: readonly AttachmentEntry[];
  onAttachmentsChange: (entries: AttachmentEntry[]) => void;
  attachmentsError: string | null;
}

/**
 * The post form's circular part (issue 34 points 1 and 5): 'Rundschreiben' (for good once saved: the post
 * keeps its number), its PDF attachments, 'Lesebestätigung anfordern' with 'Bestätigen bis', and on a saved
 * circular that asks for confirmation the choice 'Änderung erneut bestätigen lassen'.
 */
export function CircularFields(props: CircularFieldsProps) {
  const { control, errors, post } = props;
  const circular = useWatch({ control, name: 'circular' }) === true;
  const confirmationRequired = useWatch({ control, name: 'confirmationRequired' }) === true;
  const saved = post?.circularNumber ?? null;

  return (
    <Stack gap="sm">
      <Controller
        control={control}
        name="circular"
        render={({ field }) => (
          <Switch
            label={texts.circular}
            description={saved ? texts.circularFixed(circularLabel(saved)) : texts.circularHint}
            checked={field.value === true}
            disabled={saved !== null}
            onChange={(event) => field.onChange(event.currentTarget.checked)}
            onBlur={field.onBlur}
            error={errors.circular?.message}
          />
        )}
      />
      {circular && (
        <>
          <CircularAttachmentsField
            entries={props.attachments}
            onChange={props.onAttachmentsChange}
            serverError={props.attachmentsError}
          />
          <Controller
            control={control}
            name="confirmationRequired"
            render={({ field }) => (
              <Switch
                label={texts.confirmationRequired}
                description={texts.confirmationHint}
                checked={field.value === true}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
                onBlur={field.onBlur}
              />
            )}
          />
          {confirmationRequired && (
            <Controller
              control={control}
              name="confirmBy"
              render={({ field }) => (
                <GermanDates>
                  <DateInput
                    label={texts.confirmBy}
                    placeholder={texts.dayPlaceholder}
                    withAsterisk
                    valueFormat="DD.MM.YYYY"
                    dateParser={parseGermanDay}
                    value={field.value ?? null}
                    onChange={(day) => field.onChange(day)}
                    onBlur={field.onBlur}
                    error={errors.confirmBy?.message}
                    clearable
                    hideOutsideDates
                    clearButtonProps={{ 'aria-label': texts.clearDay }}
                    nextLabel={texts.nextMonth}
                    previousLabel={texts.previousMonth}
                    popoverProps={{ withinPortal: false }}
                  />
                </GermanDates>
              )}
            />
          )}
          {offersReconfirm(post) && confirmationRequired && (
            <Controller
              control={control}
              name="reconfirm"
              render={({ field }) => (
                <Checkbox
                  label={texts.reconfirm}
                  description={texts.reconfirmHint}
                  checked={field.value === true}
                  onChange={(event) => field.onChange(event.currentTarget.checked)}
                  onBlur={field.onBlur}
                />
              )}
            />
          )}
        </>
      )}
    </Stack>
  );
}
