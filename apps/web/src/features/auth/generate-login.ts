import { API, AUTH_MESSAGES, ZGenerateLoginInput, ZGenerateLoginResponse } from '@portal/contract';
import { z } from 'zod';
import { de } from '../../i18n/de';
import { api } from '../../lib/portal';
import { REQUEST_PARAM } from '../../lib/routing/route-guard';

/** The manual form of the internal test origin: username and password, both required. */
export const ZLoginForm = z.object({
  username: ZGenerateLoginInput.shape.username,
  password: z.string().min(1, AUTH_MESSAGES.passwordRequired).max(1000),
});
export type TLoginForm = z.infer<typeof ZLoginForm>;

/** POST /external/generate/login → the one-time login link, with the remembered address appended. */
export async function generateLoginLink(
  values: TLoginForm,
  rememberedRequest: string | null,
): Promise<string> {
  const { link } = await api.post(API.generateLogin, values, {
    silent: true,
    schema: ZGenerateLoginResponse,
  });
  const url = new URL(link, window.location.href);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(de.errors.invalidResponse);
  if (rememberedRequest) url.searchParams.set(REQUEST_PARAM, rememberedRequest);
  return url.toString();
}
