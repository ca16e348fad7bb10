/**
 * The companies' CSV (issue 36 point 4): reading an office's list into checked rows (German headers in any
 * case and spelling of the list below; UTF-8 or Windows-1252, `;` or `,`, as platform/csv reads every CSV) and
 * writing every company and contact in the same columns (UTF-8 BOM, `;`, formula cells escaped).
 */
import {
  COMPANY_CSV,
  COMPANY_FUNCTIONS,
  COMPANY_IMPORT_MESSAGES,
  COMPANY_MESSAGES,
  COMPANY_STATES,
  companyFields,
  type TCompanyCsvColumn,
  type TCompanyFunction,
  type TCompanyState,
  type TCsvCell,
  ZCompanyNumber,
} from '@portal/contract';
import { readCsv } from '../../platform/csv/parse-csv.ts';
import { badRequest } from '../../platform/http/errors.ts';
import { fold } from '../../platform/search/fold.ts';
import type { CompanyValues } from './companies.repository.ts';

/** Header spellings besides the column names themselves, folded. */
const ALIASES: Record<string, TCompanyCsvColumn> = {
  firmenname: 'name',
  mitgliedsnr: 'number',
  nummer: 'number',
  name: 'name',
  strasse: 'street',
  postleitzahl: 'postalCode',
  stadt: 'city',
  webseite: 'website',
  homepage: 'website',
  telefonnummer: 'phone',
  email: 'email',
  kurzbeschreibung: 'description',
  schwerpunkt: 'specialties',
  kontakt: 'contact',
  mitglied: 'contact',
  ansprechpartner: 'contact',
};

const headerKey = (text: string) => fold(text.trim()).replace(/[\s_-]+/g, '');
const COLUMNS = new Map<string, TCompanyCsvColumn>([
  ...Object.entries(COMPANY_CSV).map(
    ([column, label]) => [headerKey(label), column as TCompanyCsvColumn] as const,
  ),
  ...Object.entries(ALIASES),
]);
const STATES = new Map<string, TCompanyState>(
  Object.entries(COMPANY_STATES).flatMap(([code, name]) => [
    [headerKey(code), code as TCompanyState],
    [headerKey(name), code as TCompanyState],
  ]),
);
const FUNCTIONS = new Map<string, TCompanyFunction>(COMPANY_FUNCTIONS.map((f) => [headerKey(f), f]));
const YES = new Set(['ja', 'j', 'x', 'yes', '1', 'wahr']);
const NO = new Set(['nein', 'n', 'no', '0', 'falsch', '']);

/** A row of the file, checked on its own (the companies and members it names are looked up later). */
export interface CsvCompanyRow {
  line: number;
  name: string;
  /** the company's fields given in the row (empty cells leave a field as it is: decision 0173) */
  values: Partial<Omit<CompanyValues, 'name'>>;
  /** the specialties named, or undefined when the cell is empty */
  specialties: string[] | undefined;
  contact: { who: string; function: TCompanyFunction | null; mainContact: boolean } | undefined;
  errors: string[];
}

const cellText = (cell: TCsvCell | undefined): string =>
  cell === undefined ? '' : typeof cell === 'string' ? cell.trim() : `[${cell.title}](${cell.url})`;

const FIELD_COLUMNS = ['street', 'postalCode', 'city', 'website', 'phone', 'email', 'description'] as const;

export async function readCompanyCsv(data: Buffer): Promise<CsvCompanyRow[]> {
  const table = await readCsv(data);
  const index = new Map<TCompanyCsvColumn, number>();
  table.header.forEach((label, i) => {
    const column = COLUMNS.get(headerKey(label));
    if (column && !index.has(column)) index.set(column, i);
  });
  if (!index.has('name')) throw badRequest(COMPANY_MESSAGES.importNoName);
  return table.rows.map((cells, i) => {
    const cell = (column: TCompanyCsvColumn) => {
      const at = index.get(column);
      return at === undefined ? '' : cellText(cells[at]);
    };
    const errors: string[] = [];
    const name = cell('name').replace(/\s+/g, ' ');
    if (name === '') errors.push(COMPANY_IMPORT_MESSAGES.nameMissing);
    const values: CsvCompanyRow['values'] = {};
    for (const column of FIELD_COLUMNS) {
      const text = cell(column);
      if (text === '') continue;
      const checked = companyFields[column].safeParse(text);
      if (checked.success) values[column] = checked.data;
      else
        errors.push(
          COMPANY_IMPORT_MESSAGES.invalid(COMPANY_CSV[column], checked.error.issues[0]?.message ?? ''),
        );
    }
    const number = cell('number');
    if (number !== '') {
      const checked = ZCompanyNumber.safeParse(number);
      if (checked.success) values.number = checked.data;
      else
        errors.push(
          COMPANY_IMPORT_MESSAGES.invalid(COMPANY_CSV.number, checked.error.issues[0]?.message ?? ''),
        );
    }
    const state = cell('state');
    if (state !== '') {
      const code = STATES.get(headerKey(state));
      if (code) values.state = code;
      else errors.push(COMPANY_IMPORT_MESSAGES.stateUnknown(state));
    }
    const specialtyText = cell('specialties');
    const specialties =
      specialtyText === ''
        ? undefined
        : specialtyText
            .split(/[,|;\n]/)
            .map((s) => s.trim())
            .filter(Boolean);
    return { line: i + 2, name, values, specialties, contact: contactOf(cell, errors), errors };
  });
}

function contactOf(cell: (column: TCompanyCsvColumn) => string, errors: string[]): CsvCompanyRow['contact'] {
  const who = cell('contact');
  const functionText = cell('function');
  const mainText = headerKey(cell('mainContact'));
  let fn: TCompanyFunction | null = null;
  if (functionText !== '') {
    fn = FUNCTIONS.get(headerKey(functionText)) ?? null;
    if (!fn) errors.push(COMPANY_IMPORT_MESSAGES.functionUnknown(functionText));
  }
  if (!YES.has(mainText) && !NO.has(mainText))
    errors.push(COMPANY_IMPORT_MESSAGES.mainContactUnknown(cell('mainContact')));
  if (who === '') return undefined;
  return { who, function: fn, mainContact: YES.has(mainText) };
}

/** One exported line: a company with one of its contacts (or none). */
export interface ExportLine {
  company: CompanyValues;
  specialties: readonly string[];
  contact: { username: string; function: string | null; mainContact: boolean } | undefined;
}

export const EXPORT_HEADER: readonly string[] = Object.values(COMPANY_CSV);

export function exportRow(line: ExportLine): string[] {
  const { company, contact } = line;
  return [
    company.name,
    company.number ?? '',
    company.street ?? '',
    company.postalCode ?? '',
    company.city ?? '',
    company.state ? COMPANY_STATES[company.state] : '',
    company.website ?? '',
    company.phone ?? '',
    company.email ?? '',
    company.description ?? '',
    line.specialties.join(', '),
    contact?.username ?? '',
    contact?.function ?? '',
    contact ? (contact.mainContact ? 'ja' : 'nein') : '',
  ];
}
