import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { RichTextField, type RichTextFieldProps } from '../rich-text-editor/rich-text-field';

type RichTextInputProps<F extends FieldValues> = Omit<
  RichTextFieldProps,
  'value' | 'onChange' | 'onBlur' | 'error'
> & {
  control: Control<F>;
  name: FieldPath<F>;
};

/** A react-hook-form field written with the rich-text editor: its value is HTML, its error the field's. */
export function RichTextInput<F extends FieldValues>({ control, name, ...field }: RichTextInputProps<F>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { value, onChange, onBlur }, fieldState }) => (
        <RichTextField
          {...field}
          value={typeof value === 'string' ? value : ''}
          onChange={onChange}
          onBlur={onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
