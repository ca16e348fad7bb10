import { BLOG_MESSAGES, CIRCULAR_ATTACHMENTS_MAX } from '@portal/contract';
import { z } from 'zod';
import { type UploadedFile, ZUploadedFile } from '../../platform/uploads/multipart-file.ts';

/** `attachments[0]`, `attachments[1]`, …; also `attachments[]` and a bare `attachments`. */
const ATTACHMENT_FIELD = /^attachments(?:\[(\d*)\])?$/;

/**
 * The blog form's multipart body with a circular's PDF files (issue 34): the fields of `shape`, plus every file
 * field named `attachments[i]` gathered into `attachments`, ordered by i (as the forum gathers its attachments).
 * Empty file inputs are ignored; a text value in such a field, or more than CIRCULAR_ATTACHMENTS_MAX files, is
 * refused with 400.
 */
export function withAttachments<T extends z.ZodRawShape>(shape: T) {
  return z.looseObject(shape).transform((body, ctx) => {
    const files: { index: number; file: UploadedFile }[] = [];
    for (const [key, value] of Object.entries(body)) {
      const match = ATTACHMENT_FIELD.exec(key);
      if (!match) continue;
      const index = match[1] ? Number(match[1]) : Number.MAX_SAFE_INTEGER;
      for (const entry of Array.isArray(value) ? value : [value]) {
        const parsed = ZUploadedFile.safeParse(entry);
        if (!parsed.success) {
          ctx.addIssue({ code: 'custom', path: [key], message: BLOG_MESSAGES.attachmentType });
          return z.NEVER;
        }
        if (parsed.data) files.push({ index, file: parsed.data });
      }
    }
    if (files.length > CIRCULAR_ATTACHMENTS_MAX) {
      ctx.addIssue({ code: 'custom', path: ['attachments'], message: BLOG_MESSAGES.tooManyAttachments });
      return z.NEVER;
    }
    files.sort((a, b) => a.index - b.index);
    return { ...(body as z.output<z.ZodObject<T>>), attachments: files.map((entry) => entry.file) };
  });
}
