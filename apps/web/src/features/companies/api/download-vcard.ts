import { downloadFile } from '../../../lib/download-file';

/** GET the contact's vCard (`vcard` from the company's answer, only for a contact who agreed). */
export function downloadVcard(path: string, name: string): Promise<void> {
  return downloadFile(path, `${name}.vcf`);
}
