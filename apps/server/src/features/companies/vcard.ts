/** A contact as a vCard 4.0 (RFC 6350), for a person who agreed to be shown in the directory (issue 36). */

/** Escapes a text value: backslash, comma, semicolon and line breaks (RFC 6350 §3.4). */
const text = (value: string): string =>
  value.replace(/\\/g, '\\\\').replace(/,/g, '\\,').replace(/;/g, '\\;').replace(/\r?\n/g, '\\n');

/** Folds a content line at 75 octets (RFC 6350 §3.2), never inside a UTF-8 character. */
function folded(line: string): string {
  const parts: string[] = [];
  let current = '';
  let bytes = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    if (bytes + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      bytes = 0;
    }
    current += char;
    bytes += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export interface VcardContact {
  name: string;
  function: string | null;
  email: string | null;
  phone: string | null;
  company: {
    name: string;
    street: string | null;
    postalCode: string | null;
    city: string | null;
    state: string | null;
    website: string | null;
  };
}

export function vcardOf(contact: VcardContact): string {
  const { company } = contact;
  const lines = [
    'BEGIN:VCARD',
    'VERSION:4.0',
    `FN:${text(contact.name)}`,
    `ORG:${text(company.name)}`,
    contact.function ? `TITLE:${text(contact.function)}` : '',
    contact.email ? `EMAIL;TYPE=work:${text(contact.email)}` : '',
    contact.phone ? `TEL;TYPE=work;VALUE=uri:tel:${contact.phone.replace(/[^\d+]/g, '')}` : '',
    company.street || company.city
      ? `ADR;TYPE=work:;;${text(company.street ?? '')};${text(company.city ?? '')};${text(company.state ?? '')};${text(company.postalCode ?? '')};Deutschland`
      : '',
    company.website ? `URL:${company.website}` : '',
    'END:VCARD',
  ];
  return `${lines.filter(Boolean).map(folded).join('\r\n')}\r\n`;
}
