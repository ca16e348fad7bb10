import type { TBlogFormData, TBlogUserGroup } from '@portal/contract';

/** The form data's groups as a list by name, whether the server sent a list or (keyed=true) an object. */
export function userGroupList(groups: TBlogFormData['userGroups']): TBlogUserGroup[] {
  const list = Array.isArray(groups) ? [...groups] : Object.values(groups);
  return list.sort((a, b) => a.name.localeCompare(b.name, 'de'));
}
