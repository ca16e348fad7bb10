import { SEARCH_SYNONYMS_API, type TSearchSynonym } from '@portal/contract';
import { expect } from 'vitest';
import { call } from '../admin/admin-helpers.ts';
import { type Headers, rowCounts, type World } from '../helpers/world.ts';

/** The synonym list's tables and the audit log: what a refused request must leave as it was. */
export const synonymCounts = (w: World) =>
  rowCounts(w.t, ['searchSynonyms', 'searchSynonymTerms', 'auditLog']);

export const listSynonyms = async (w: World, headers: Headers = w.as.admin) => {
  const response = await call(w, 'GET', SEARCH_SYNONYMS_API.list, headers);
  expect(response.statusCode).toBe(200);
  return response.json<TSearchSynonym[]>();
};

export const postSynonyms = (w: World, payload: unknown, headers: Headers = w.as.admin) =>
  call(w, 'POST', SEARCH_SYNONYMS_API.list, headers, payload);

export const putSynonyms = (w: World, id: number | string, payload: unknown, headers: Headers = w.as.admin) =>
  w.app.inject({ method: 'PUT', url: SEARCH_SYNONYMS_API.byId(id), headers, payload: payload as object });

export const deleteSynonyms = (w: World, id: number | string, headers: Headers = w.as.admin) =>
  call(w, 'DELETE', SEARCH_SYNONYMS_API.byId(id), headers);

/** Adds a group through the API and gives it. */
export async function addGroup(w: World, terms: string[]): Promise<TSearchSynonym> {
  const response = await postSynonyms(w, { terms });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<TSearchSynonym>();
}
