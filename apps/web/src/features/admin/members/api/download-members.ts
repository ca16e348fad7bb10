import { ADMIN_API } from '@portal/contract';
import { downloadFile } from '../../../../lib/download-file';
import { withQuery } from '../../../../lib/form-data';
import { csvMembersQuery, type MembersQuery } from '../lib/members-query';

/** GET /api/admin/members.csv with the list's filters, named from Content-Disposition. */
export function downloadMembersCsv(query: MembersQuery): Promise<void> {
  return downloadFile(withQuery(ADMIN_API.membersCsv, csvMembersQuery(query)), 'mitglieder.csv');
}
