import { z } from 'zod';

/**
 * A list field that also arrives from form data: a JSON array text ('["a","b"]') or comma-separated text
 * ('a,b') becomes an array before the inner schema checks it; JSON bodies pass arrays as they are.
 */
export function formList<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    const text = value.trim();
    if (text.startsWith('[')) {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return value;
      }
    }
    return text === '' ? [] : text.split(',').map((entry) => entry.trim());
  }, schema);
}

/**
 * A yes/no field that also arrives from form data: JSON sends `true`/`false`, forms send 'true'/'false' or
 * '1'/'0' (some clients 1/0 as numbers). Anything else fails with `message`.
 */
export function formBoolean(message: string) {
  return z
    .union([z.boolean(), z.literal(1), z.literal(0), z.enum(['true', 'false', '1', '0'])], { error: message })
    .transform((value) => value === true || value === 1 || value === 'true' || value === '1');
}

export const FORM_MESSAGES = {
  invalidJson: 'Die Formulardaten sind kein gültiges JSON.',
} as const;

/**
 * A multipart or form field that carries JSON text (SPEC §7: `contentCategory`, `contentList`, …). JSON
 * bodies may send the object itself. Text that is no JSON stays text, so the inner schema reports it.
 */
export function jsonField<T extends z.ZodType>(schema: T) {
  return z.preprocess((value, ctx) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: FORM_MESSAGES.invalidJson, input: value });
      return z.NEVER;
    }
  }, schema);
}
