import {
  API_KEY_PERMISSIONS,
  createApiKey,
  isApiKeyPermissions,
  listApiKeys,
  revokeApiKey,
} from '../auth/api-keys.service.js';
import { createApplicationPassword } from '../auth/application-passwords.service.js';
import { isRole, ROLES } from '../auth/roles.js';
import {
  findUserByLogin,
  grantRoleCapability,
  grantUserCapability,
  listUsers,
} from '../auth/users.repository.js';
import { createUser, updateUser } from '../auth/users.service.js';
import type { PlatformContext } from '../context.js';
import { newestOutboxMessages } from '../mail/mail-outbox.service.js';
import type { CliCommand } from './cli-command.js';

/** The platform's CLI commands: migrate, user, app-password, api-key, jobs, outbox. */
export function platformCliCommands(ctx: PlatformContext): CliCommand[] {
  const requireUser = async (login: string | undefined) => {
    const user = login ? await findUserByLogin(ctx.db, login) : null;
    if (!user) throw new CliUsageError(`No user "${login ?? ''}".`);
    return user;
  };
  return [
    {
      name: ['migrate'],
      summary: 'Run every pending database migration (also done at start).',
      async run({ print }) {
        print('Migrations are up to date.');
        return 0;
      },
    },
    {
      name: ['user', 'create'],
      summary: 'Create a user.',
      usage: 'storeside user create <username> <email> --password=<pw> [--role=customer]',
      async run({ args, flags, print }) {
        const [username, email] = args;
        if (!username || !email || typeof flags.password !== 'string')
          throw new CliUsageError('username, email and --password are required');
        const role = typeof flags.role === 'string' ? flags.role : 'customer';
        if (!isRole(role)) throw new CliUsageError(`--role must be one of ${ROLES.join(', ')}`);
        const user = await createUser(ctx.db, ctx.clock, { username, email, password: flags.password, role });
        print(`Created user ${user.id} (${user.username}, ${user.role}).`);
        return 0;
      },
    },
    {
      name: ['user', 'list'],
      summary: 'List users.',
      usage: 'storeside user list [--search=term] [--role=role]',
      async run({ flags, print }) {
        const { rows, total } = await listUsers(ctx.db, {
          search: typeof flags.search === 'string' ? flags.search : undefined,
          role: typeof flags.role === 'string' && isRole(flags.role) ? flags.role : undefined,
          offset: 0,
          limit: 1000,
        });
        for (const u of rows) print(`${u.id}\t${u.username}\t${u.email}\t${u.role}`);
        print(`${total} user(s).`);
        return 0;
      },
    },
    {
      name: ['user', 'set-role'],
      summary: "Change a user's role.",
      usage: 'storeside user set-role <username|email> <role>',
      async run({ args, print }) {
        const user = await requireUser(args[0]);
        const role = args[1] ?? '';
        if (!isRole(role)) throw new CliUsageError(`role must be one of ${ROLES.join(', ')}`);
        await updateUser(ctx.db, user.id, { role });
        print(`${user.username} is now ${role}.`);
        return 0;
      },
    },
    {
      name: ['user', 'grant-cap'],
      summary: 'Grant a capability to one user, or with --role to every user of a role.',
      usage:
        'storeside user grant-cap <username|email> <capability>\nstoreside user grant-cap --role=<role> <capability>',
      async run({ args, flags, print }) {
        if (typeof flags.role === 'string') {
          if (!isRole(flags.role)) throw new CliUsageError(`--role must be one of ${ROLES.join(', ')}`);
          const cap = args[0];
          if (!cap) throw new CliUsageError('capability is required');
          await grantRoleCapability(ctx.db, flags.role, cap);
          print(`Role ${flags.role} now holds ${cap}.`);
          return 0;
        }
        const user = await requireUser(args[0]);
        if (!args[1]) throw new CliUsageError('capability is required');
        await grantUserCapability(ctx.db, user.id, args[1]);
        print(`${user.username} now holds ${args[1]}.`);
        return 0;
      },
    },
    {
      name: ['app-password', 'create'],
      summary: 'Create an application password for a user (shown once).',
      usage: 'storeside app-password create <username|email> <name>',
      async run({ args, print }) {
        const user = await requireUser(args[0]);
        const name = args.slice(1).join(' ').trim();
        if (!name) throw new CliUsageError('name is required');
        const created = await createApplicationPassword(ctx.db, ctx.clock, { userId: user.id, name });
        print(`uuid: ${created.uuid}`);
        print(`password: ${created.password}`);
        return 0;
      },
    },
    {
      name: ['api-key', 'create'],
      summary: 'Create a WooCommerce REST API key for a user (the key and secret shown once).',
      usage: 'storeside api-key create <username|email> <description> --permissions=read|write|read_write',
      async run({ args, flags, print }) {
        const user = await requireUser(args[0]);
        const description = args.slice(1).join(' ').trim();
        if (!description) throw new CliUsageError('description is required');
        const permissions = flags.permissions ?? 'read';
        if (!isApiKeyPermissions(permissions))
          throw new CliUsageError(`--permissions must be one of ${API_KEY_PERMISSIONS.join(', ')}`);
        const created = await createApiKey(
          { db: ctx.db, clock: ctx.clock, secret: ctx.config.secret, secrets: ctx.secrets },
          { userId: user.id, description, permissions },
        );
        print(`key_id: ${created.key_id}`);
        print(`consumer_key: ${created.consumer_key}`);
        print(`consumer_secret: ${created.consumer_secret}`);
        print('Keep them now: they are not shown again.');
        return 0;
      },
    },
    {
      name: ['api-key', 'list'],
      summary: 'List REST API keys (of one user, or of every user).',
      usage: 'storeside api-key list [<username|email>]',
      async run({ args, print }) {
        const user = args[0] ? await requireUser(args[0]) : null;
        const keys = await listApiKeys(ctx.db, user?.id);
        for (const k of keys)
          print(
            `${k.key_id}\tuser=${k.user_id}\t…${k.truncated_key}\t${k.permissions}\t${k.last_access ?? 'never'}\t${k.description}`,
          );
        print(`${keys.length} key(s).`);
        return 0;
      },
    },
    {
      name: ['api-key', 'revoke'],
      summary: 'Revoke a REST API key (refused at once on every instance).',
      usage: 'storeside api-key revoke <key id>',
      async run({ args, print }) {
        const id = Number(args[0]);
        if (!Number.isInteger(id) || id < 1) throw new CliUsageError('key id is required');
        const revoked = await revokeApiKey(ctx.db, { id });
        if (!revoked) throw new CliUsageError(`No key ${args[0]}.`);
        print(`Revoked key ${id} (${revoked.description}).`);
        return 0;
      },
    },
    {
      name: ['jobs', 'list'],
      summary: 'List jobs, newest first.',
      usage:
        'storeside jobs list [--status=pending|running|complete|failed|canceled] [--hook=name] [--limit=50]',
      async run({ flags, print }) {
        const { rows, total } = await ctx.jobs.list({
          status: typeof flags.status === 'string' ? (flags.status as never) : undefined,
          hook: typeof flags.hook === 'string' ? flags.hook : undefined,
          offset: 0,
          limit: Number(flags.limit ?? 50),
        });
        for (const j of rows)
          print(
            `${j.id}\t${j.status}\t${j.hook}\t${j.run_at}\tattempts=${j.attempts}/${j.max_attempts}${j.last_error ? `\t${j.last_error}` : ''}`,
          );
        print(`${total} job(s).`);
        return 0;
      },
    },
    {
      name: ['jobs', 'run-due'],
      summary: 'Run every job that is due now, then exit.',
      async run({ print }) {
        let total = 0;
        for (let ran = await ctx.jobs.runDue(); ran > 0; ran = await ctx.jobs.runDue()) total += ran;
        print(`Ran ${total} job(s).`);
        return 0;
      },
    },
    {
      name: ['outbox'],
      summary: 'Show the newest messages kept in the mail outbox.',
      usage: 'storeside outbox [--limit=20] [--to=address]',
      async run({ flags, print }) {
        const rows = await newestOutboxMessages(ctx.db, {
          to: typeof flags.to === 'string' ? flags.to : undefined,
          limit: Number(flags.limit ?? 20),
        });
        for (const m of rows)
          print(`${m.id}\t${m.created_at}\t${m.transport}\t${m.to_address}\t${m.subject}`);
        print(`${rows.length} message(s) shown.`);
        return 0;
      },
    },
  ];
}

/** A wrong CLI invocation: printed with the usage, exit code 2. */
export class CliUsageError extends Error {}
