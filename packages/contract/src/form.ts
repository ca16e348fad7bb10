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
