/**
 * npm run user -- <command>: manage accounts from the shell. Passwords are read from standard input,
 * never from an argument (arguments end up in shell history and process lists).
 */
import { parseArgs } from 'node:util';
import { ROLES, type TRole } from '@portal/contract';
import { ConfigError, loadConfig } from '../config.ts';
import { createAccountsService } from '../features/accounts/index.ts';
import { createMembersService } from '../features/admin/index.ts';
import { createDatabase } from '../platform/db/database.ts';
import { migrateToLatest } from '../platform/db/migrate.ts';
import { HttpError } from '../platform/http/errors.ts';

const USAGE = `Benutzerverwaltung – Aufruf: npm run user -- <Befehl> [Optionen]

  create <name> [--email E] [--company F] [--role ROLLE] [--groups G1,G2]
                                   Benutzer anlegen (Rolle: ${ROLES.join(', ')})
  password <name>                  Passwort setzen; liest es von der Standardeingabe
  role <name> <ROLLE>              Rolle setzen
  groups <name> <G1,G2,…>          Gruppen setzen (fehlende Gruppen werden angelegt)
  disable <name> | enable <name>   Zugang sperren oder entsperren
  group <gruppe> [--internal] [--default]
                                   Gruppe anlegen oder Merkmale setzen
  list                             Benutzer auflisten`;

class UsageError extends Error {}

function parseRole(value: string | undefined): TRole {
  const role = ROLES.find((r) => r === value);
  if (!role) throw new UsageError(`Unbekannte Rolle „${value ?? ''}“. Erlaubt: ${ROLES.join(', ')}`);
  return role;
}

function parseList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write('Passwort: ');
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

async function run(argv: string[]): Promise<string> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      company: { type: 'string' },
      role: { type: 'string' },
      groups: { type: 'string' },
      internal: { type: 'boolean' },
      default: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, name, arg] = positionals;
  if (values.help || !command) return USAGE;
  if (command !== 'list' && !name) throw new UsageError(USAGE);
  const username = name ?? '';

  const database = createDatabase(loadConfig().database);
  try {
    await migrateToLatest(database);
    const accounts = createAccountsService(database.db);
    const exists = async () => {
      if (!(await accounts.findUserByUsername(username)))
        throw new UsageError(`Benutzer „${username}“ gibt es nicht.`);
    };
    // role, groups and the disabled flag change as in the browser, recorded in the audit log without an actor
    const members = createMembersService({ db: database.db, accounts, passwordAllowed: false });
    const change = async (input: { role?: TRole; groups?: number[]; disabled?: boolean }) => {
      const user = await accounts.findUserByUsername(username);
      if (!user) throw new UsageError(`Benutzer „${username}“ gibt es nicht.`);
      await members.update(null, user.id, input);
    };
    /** The ids of the groups named, creating the missing ones. */
    const groupIds = async (names: readonly string[]) => {
      const known = await accounts.listGroups();
      const ids: number[] = [];
      for (const groupName of new Set(names)) {
        ids.push(
          known.find((group) => group.name === groupName)?.id ?? (await accounts.ensureGroup(groupName)),
        );
      }
      return ids;
    };
    switch (command) {
      case 'create': {
        if (await accounts.findUserByUsername(username))
          throw new UsageError(`Benutzer „${username}“ gibt es schon.`);
        await accounts.upsertUser({
          username,
          email: values.email ?? null,
          company: values.company ?? null,
          roles: [values.role ? parseRole(values.role) : 'ROLE_USER'],
          groups: parseList(values.groups),
        });
        return `Benutzer „${username}“ angelegt.`;
      }
      case 'password': {
        await exists();
        const password = await readStdin();
        if (password.length < 8) throw new UsageError('Das Passwort muss mindestens 8 Zeichen lang sein.');
        await accounts.setPassword(username, password);
        return `Passwort für „${username}“ gesetzt.`;
      }
      case 'role':
        await change({ role: parseRole(arg) });
        return `Rolle von „${username}“ ist jetzt ${arg}.`;
      case 'groups':
        await exists();
        await change({ groups: await groupIds(parseList(arg)) });
        return `Gruppen von „${username}“ gesetzt.`;
      case 'disable':
      case 'enable':
        await change({ disabled: command === 'disable' });
        return `Zugang von „${username}“ ${command === 'disable' ? 'gesperrt' : 'entsperrt'}.`;
      case 'group':
        await accounts.ensureGroup(username, {
          ...(values.internal !== undefined ? { internal: values.internal } : {}),
          ...(values.default !== undefined ? { isDefault: values.default } : {}),
        });
        return `Gruppe „${username}“ gespeichert.`;
      case 'list': {
        const users = await accounts.listUsers();
        return users
          .map(
            (u) =>
              `${u.username}\t${u.role}\t${u.email ?? ''}\t${u.company ?? ''}${u.disabled ? '\tgesperrt' : ''}`,
          )
          .join('\n');
      }
      default:
        throw new UsageError(USAGE);
    }
  } finally {
    await database.close();
  }
}

run(process.argv.slice(2)).then(
  (message) => {
    process.stdout.write(`${message}\n`);
  },
  (error: unknown) => {
    // a refusal of the service (the last admin, a name taken) reads as the browser shows it
    const known = error instanceof UsageError || error instanceof ConfigError || error instanceof HttpError;
    console.error(known ? error.message : error);
    process.exit(known ? 2 : 1);
  },
);
