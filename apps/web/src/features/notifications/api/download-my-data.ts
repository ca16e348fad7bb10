import { ACCOUNT_EXPORT_API } from '@portal/contract';
import { downloadFile } from '../../../lib/download-file';

/** GET /api/account/export: everything the portal keeps about the member, as a JSON file (GDPR). */
export function downloadMyData(): Promise<void> {
  return downloadFile(ACCOUNT_EXPORT_API, 'meine-daten.json');
}
