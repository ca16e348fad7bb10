/**
 * People (issue 36 point 6): how a person is named wherever they appear, server and web alike. One rule in one
 * place: first and last name when the member has them ('Erika Muster'; one of them alone when only one is
 * known), else the username.
 */
import { z } from 'zod';
import { pathTemplate } from './paths.ts';

export interface TPersonNames {
  username: string;
  firstName?: string | null | undefined;
  lastName?: string | null | undefined;
}

export function personName(person: TPersonNames): string {
  const name = [person.firstName, person.lastName]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
  return name || person.username;
}

export const PEOPLE_API = {
  /** GET a person's page (ROLE_USER): `ZPerson` */
  byId: pathTemplate('/api/people/:id'),
  /** PUT (multipart `photo`) or DELETE the caller's own photo */
  photo: '/api/account/photo',
} as const;

export const PEOPLE_MESSAGES = {
  notFound: 'Diese Person gibt es nicht (mehr).',
  photoType: 'Das Foto muss ein PNG- oder JPEG-Bild sein.',
  photoRequired: 'Bitte wählen Sie ein Foto aus.',
} as const;

/**
 * GET /api/people/{id}: a person as members see them. `photo` a signed URL (square JPEG) or null; `email` and
 * `phone` only when the person agreed to be shown in the directory (else null); `company` their member company.
 */
export const ZPerson = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  photo: z.string().nullable(),
  company: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  function: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});
export type TPerson = z.infer<typeof ZPerson>;

/** PUT /api/account/photo answers the caller's photo address. */
export const ZMyPhoto = z.object({ photo: z.string().nullable() });
