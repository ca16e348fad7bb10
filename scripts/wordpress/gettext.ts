/**
 * The plugin's translations: .po files read into pairs and written as the binary .mo files WordPress loads
 * (GNU gettext's format, little-endian, no hash table), so the build needs no gettext tools.
 */

/** msgid → msgstr of a .po file; the header is the entry with the empty msgid. */
export function parsePo(text: string): Map<string, string> {
  const entries = new Map<string, string>();
  let field: 'msgid' | 'msgstr' | undefined;
  let id = '';
  let str = '';
  const flush = () => {
    if (field === 'msgstr') entries.set(id, str);
    id = '';
    str = '';
    field = undefined;
  };
  const unquote = (quoted: string) => JSON.parse(quoted.replace(/\\(?!["\\nt])/g, '\\\\')) as string;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('msgid ')) {
      flush();
      field = 'msgid';
      id = unquote(line.slice(6));
    } else if (line.startsWith('msgstr ')) {
      field = 'msgstr';
      str = unquote(line.slice(7));
    } else if (line.startsWith('"') && field === 'msgid') {
      id += unquote(line);
    } else if (line.startsWith('"') && field === 'msgstr') {
      str += unquote(line);
    }
  }
  flush();
  return entries;
}

/** The .mo file of the pairs: header, two tables of (length, offset), then the strings, NUL-terminated. */
export function writeMo(entries: Map<string, string>): Buffer {
  const pairs = [...entries]
    .filter(([id, str]) => id === '' || str !== '')
    .sort(([a], [b]) => (a < b ? -1 : 1));
  const ids = pairs.map(([id]) => Buffer.from(id, 'utf8'));
  const strs = pairs.map(([, str]) => Buffer.from(str, 'utf8'));
  const headerSize = 28;
  const tablesSize = pairs.length * 16;
  let offset = headerSize + tablesSize;
  const table = Buffer.alloc(tablesSize);
  const place = (buffers: Buffer[], at: number) => {
    buffers.forEach((buffer, index) => {
      table.writeUInt32LE(buffer.length, at + index * 8);
      table.writeUInt32LE(offset, at + index * 8 + 4);
      offset += buffer.length + 1;
    });
  };
  place(ids, 0);
  place(strs, pairs.length * 8);
  const header = Buffer.alloc(headerSize);
  header.writeUInt32LE(0x950412de, 0);
  header.writeUInt32LE(0, 4);
  header.writeUInt32LE(pairs.length, 8);
  header.writeUInt32LE(headerSize, 12);
  header.writeUInt32LE(headerSize + pairs.length * 8, 16);
  header.writeUInt32LE(0, 20);
  header.writeUInt32LE(headerSize + tablesSize, 24);
  const strings = [...ids, ...strs].flatMap((buffer) => [buffer, Buffer.from([0])]);
  return Buffer.concat([header, table, ...strings]);
}

/** The texts a PHP file hands to WordPress's translation functions in the text domain. */
export function translatableTexts(php: string, domain: string): string[] {
  const call =
    /\b(?:__|_e|esc_html__|esc_html_e|esc_attr__|esc_attr_e)\(\s*(['"])((?:\\.|(?!\1).)*)\1\s*,\s*'([\w-]+)'\s*\)/g;
  return [...php.matchAll(call)]
    .filter((match) => match[3] === domain)
    .map((match) => (match[1] === "'" ? (match[2] ?? '').replace(/\\'/g, "'") : (match[2] ?? '')));
}
