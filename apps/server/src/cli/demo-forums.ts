import path from 'node:path';
import type { AccountsService } from '../features/accounts/index.ts';
import { createForumsService, type ForumsFeatureDeps } from '../features/forums/index.ts';
import type { Principal } from '../platform/auth/principal.ts';
import type { UploadedFile } from '../platform/uploads/multipart-file.ts';
import { demoAsset } from './demo-assets.ts';

/** A demo file as an upload; none when it is missing. */
async function attachment(relative: string, mimetype: string): Promise<UploadedFile[]> {
  const data = await demoAsset(relative);
  return data ? [{ filename: path.basename(relative), mimetype, data }] : [];
}

/**
 * Demo forums: 'Technik & Normen' and 'Allgemeiner Austausch', threads with replies by the demo accounts, one
 * post with a picture (logo.png) and one with a PDF (merkblatt.pdf). Written through the forums service, so
 * the demo runs the same checks as the API.
 */
export async function seedDemoForums(deps: ForumsFeatureDeps & { accounts: AccountsService }): Promise<void> {
  const as = async (username: string): Promise<Principal | undefined> => {
    const user = await deps.accounts.findUserByUsername(username);
    return user ? deps.accounts.principal(user.id) : undefined;
  };
  const admin = await as('admin');
  const member = await as('mitglied');
  if (!admin || !member) return;
  const forums = createForumsService(deps);

  const technik = await forums.saveForum({
    name: 'Technik & Normen',
    description: '<p>Fragen und Erfahrungen zu Glasarten, Verarbeitung, Normen und Richtlinien.</p>',
  });
  const austausch = await forums.saveForum({
    name: 'Allgemeiner Austausch',
    description: '<p>Alles, was die Branche sonst bewegt: Markt, Ausbildung, Veranstaltungen.</p>',
  });

  const din = await forums.createThread(
    member,
    technik.id,
    {
      name: 'DIN 18008-4: Nachweis für absturzsichernde Verglasungen',
      content:
        '<p>Wir sollen für ein Treppengeländer mit Ganzglasbrüstung den Nachweis nach DIN 18008-4 liefern. ' +
        'Reicht dafür ein Pendelschlagversuch des Herstellers, oder braucht es eine Zustimmung im Einzelfall?</p>',
    },
    [],
  );
  await forums.createPost(
    admin,
    din.id,
    {
      content:
        '<p>Für geprüfte Konstruktionen genügt der Nachweis des Systemherstellers. Die Einzelheiten stehen ' +
        'in unserem Merkblatt im Anhang.</p>',
    },
    await attachment('docs/merkblatt.pdf', 'application/pdf'),
  );
  await forums.createPost(
    member,
    din.id,
    { content: '<p>Danke, das Merkblatt hilft uns sehr weiter!</p>' },
    [],
  );

  const kondensat = await forums.createThread(
    admin,
    technik.id,
    {
      name: 'Kondensat auf der Außenscheibe: ein Reklamationsgrund?',
      content:
        '<p>Immer wieder melden Kunden morgens beschlagene Außenscheiben. Wie erklären Sie Ihren Kunden, dass ' +
        'das ein Zeichen guter Wärmedämmung ist?</p>',
    },
    [],
  );
  await forums.createPost(
    member,
    kondensat.id,
    { content: '<p>Wir geben dazu ein kurzes Informationsblatt mit der Auftragsbestätigung heraus.</p>' },
    [],
  );

  const logo = await forums.createThread(
    admin,
    austausch.id,
    {
      name: 'Das Verbandslogo für Ihre Website',
      content:
        '<p>Mitgliedsbetriebe dürfen das Verbandslogo auf ihrer Website zeigen. Hier ist die Datei.</p>',
    },
    await attachment('images/logo.png', 'image/png'),
  );
  await forums.createPost(member, logo.id, { content: '<p>Schon eingebaut, vielen Dank!</p>' }, []);

  await forums.createThread(
    member,
    austausch.id,
    {
      name: 'Azubi-Austausch zwischen Betrieben',
      content:
        '<p>Hätte jemand Interesse, Auszubildende für ein paar Wochen auszutauschen, damit sie andere ' +
        'Fertigungen kennenlernen?</p>',
    },
    [],
  );
}
