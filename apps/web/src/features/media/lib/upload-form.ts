import { MEDIA_DUPLICATES_MAX, MEDIA_MESSAGES, ZMediaFileInput } from '@portal/contract';
import { z } from 'zod';
import { fileSizeError } from '../../../components/form/file-checks';
import { isAcceptedMediaFile } from './file-form';

/**
 * The upload dialog (issue 31): one category and one or several entries, each a file and its name with the
 * contract's rules and German messages (SPEC §5). An entry without a file is refused like the single form's.
 */
export const ZMediaUploadForm = z.object({
  category: ZMediaFileInput.shape.category,
  entries: z
    .array(
      z
        .object({
          file: z.custom<File>((value) => value instanceof File).nullable(),
          name: ZMediaFileInput.shape.name,
        })
        .superRefine((entry, context) => {
          if (!entry.file) {
            context.addIssue({ code: 'custom', path: ['file'], message: MEDIA_MESSAGES.fileRequired });
          } else if (!isAcceptedMediaFile(entry.file)) {
            context.addIssue({ code: 'custom', path: ['file'], message: MEDIA_MESSAGES.fileType });
          } else {
            const tooLarge = fileSizeError(entry.file);
            if (tooLarge) context.addIssue({ code: 'custom', path: ['file'], message: tooLarge });
          }
        }),
    )
    .max(MEDIA_DUPLICATES_MAX, MEDIA_MESSAGES.tooManyFiles),
});
export type TMediaUploadFormInput = z.input<typeof ZMediaUploadForm>;
export type TMediaUploadFormValues = z.output<typeof ZMediaUploadForm>;
