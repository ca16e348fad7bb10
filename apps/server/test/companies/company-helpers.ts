import { ADMIN_COMPANIES_API, type TCompany } from '@portal/contract';
import type { World } from '../helpers/world.ts';

/** A company created by `admin` through the API (`name` and whatever else is given); the answer must be 200. */
export async function createCompany(w: World<'admin'>, body: { name: string } & Record<string, unknown>) {
  const response = await w.app.inject({
    method: 'POST',
    url: ADMIN_COMPANIES_API.create,
    headers: w.as.admin,
    payload: body,
  });
  if (response.statusCode !== 200) throw new Error(`company: ${response.statusCode} ${response.body}`);
  return response.json<TCompany>();
}
