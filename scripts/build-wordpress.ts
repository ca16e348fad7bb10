/**
 * `npm run build:wordpress`: dist/portal-embed.zip, the WordPress plugin as Plugins → Add New → Upload Plugin
 * takes it: one folder `portal-embed/` with the plugin's files and its translations compiled to .mo. Fails
 * when a text of the settings page has no German translation.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parsePo, translatableTexts, writeMo } from './wordpress/gettext.ts';
import { writeZip, type ZipEntry } from './wordpress/zip.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const plugin = path.join(root, 'integrations/wordpress/portal-embed');
const target = path.join(root, 'dist/portal-embed.zip');
const SLUG = 'portal-embed';

function filesOf(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true })
    .flatMap((entry) => {
      const full = path.join(folder, entry.name);
      return entry.isDirectory() ? filesOf(full) : [full];
    })
    .sort();
}

const files = filesOf(plugin);
const entries: ZipEntry[] = [];
for (const file of files) {
  const name = `${SLUG}/${path.relative(plugin, file).split(path.sep).join('/')}`;
  const data = readFileSync(file);
  entries.push({ name, data });
  if (file.endsWith('.po'))
    entries.push({ name: name.replace(/\.po$/, '.mo'), data: writeMo(parsePo(data.toString('utf8'))) });
}

// The settings page is written in English and translated; the members' texts are German already (renderer).
const german = parsePo(readFileSync(path.join(plugin, 'languages/portal-embed-de_DE.po'), 'utf8'));
const adminTexts = ['includes/class-portal-embed-settings.php', 'portal-embed.php'].flatMap((file) =>
  translatableTexts(readFileSync(path.join(plugin, file), 'utf8'), SLUG),
);
const missing = adminTexts.filter((text) => !german.get(text));
if (missing.length > 0) {
  console.error(`No German translation in languages/portal-embed-de_DE.po for:\n  ${missing.join('\n  ')}`);
  process.exit(1);
}

mkdirSync(path.dirname(target), { recursive: true });
writeFileSync(target, writeZip(entries));
process.stdout.write(
  `${path.relative(root, target)}: ${entries.length} files (${entries.map((e) => e.name).join(', ')})\n`,
);
