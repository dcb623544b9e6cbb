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
import { JOB_STATUSES, type JobStatus } from '../jobs/job-queue.js';
import { newestOutboxMessages } from '../mail/mail-outbox.service.js';
import { type CliCommand, CliUsageError } from './cli-command.js';
import { integerOption } from './cli-options.js';

/** The platform's CLI commands: migrate, user, app-password, api-key, jobs, outbox. */
export const platformCliCommands: ReadonlyArray<CliCommand<PlatformContext>> = [
  {
    name: ['migrate'],
    summary: 'Run every pending database migration (also done at start).',
    async run(_ctx, { print }) {
      print('Migrations are up to date.');
      return 0;
    },
  },
  {
    name: ['user', 'create'],
    summary: 'Create a user.',
    args: '<username> <email>',
    options: {
      password: { type: 'string', value: '<password>', description: 'Password of the new user (required).' },
      role: {
        type: 'string',
        value: '<role>',
        description: `One of ${ROLES.join(', ')} (default customer).`,
      },
    },
    async run(ctx, { args, options, print }) {
      const [username, email] = args;
      if (!username || !email || typeof options.password !== 'string')
        throw new CliUsageError('username, email and --password are required');
      const role = options.role ?? 'customer';
      if (typeof role !== 'string' || !isRole(role))
        throw new CliUsageError(`--role must be one of ${ROLES.join(', ')}`);
      const user = await createUser(ctx.db, ctx.clock, { username, email, password: options.password, role });
      print(`Created user ${user.id} (${user.username}, ${user.role}).`);
      return 0;
    },
  },
  {
    name: ['user', 'list'],
    summary: 'List users.',
    options: {
      search: {
        type: 'string',
        value: '<term>',
        description: 'Only users whose name or e-mail contains it.',
      },
      role: { type: 'string', value: '<role>', description: `Only users of this role: ${ROLES.join(', ')}.` },
    },
    async run(ctx, { options, print }) {
      const { rows, total } = await listUsers(ctx.db, {
        search: typeof options.search === 'string' ? options.search : undefined,
        role: roleOption(options.role),
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
    args: '<username|email> <role>',
    async run(ctx, { args, print }) {
      const user = await requireUser(ctx, args[0]);
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
    args: '[<username|email>] <capability>',
    options: {
      role: {
        type: 'string',
        value: '<role>',
        description: 'Grant it to every user of this role instead of one user (then give only <capability>).',
      },
    },
    async run(ctx, { args, options, print }) {
      if (typeof options.role === 'string') {
        if (!isRole(options.role)) throw new CliUsageError(`--role must be one of ${ROLES.join(', ')}`);
        const cap = args[0];
        if (!cap) throw new CliUsageError('capability is required');
        await grantRoleCapability(ctx.db, options.role, cap);
        print(`Role ${options.role} now holds ${cap}.`);
        return 0;
      }
      const user = await requireUser(ctx, args[0]);
      if (!args[1]) throw new CliUsageError('capability is required');
      await grantUserCapability(ctx.db, user.id, args[1]);
      print(`${user.username} now holds ${args[1]}.`);
      return 0;
    },
  },
  {
    name: ['app-password', 'create'],
    summary: 'Create an application password for a user (shown once).',
    args: '<username|email> <name…>',
    async run(ctx, { args, print }) {
      const user = await requireUser(ctx, args[0]);
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
    args: '<username|email> <description…>',
    options: {
      permissions: {
        type: 'string',
        value: '<permissions>',
        description: `One of ${API_KEY_PERMISSIONS.join(', ')} (default read).`,
      },
    },
    async run(ctx, { args, options, print }) {
      const user = await requireUser(ctx, args[0]);
      const description = args.slice(1).join(' ').trim();
      if (!description) throw new CliUsageError('description is required');
      const permissions = options.permissions ?? 'read';
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
    args: '[<username|email>]',
    async run(ctx, { args, print }) {
      const user = args[0] ? await requireUser(ctx, args[0]) : null;
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
    args: '<key id>',
    async run(ctx, { args, print }) {
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
    options: {
      status: {
        type: 'string',
        value: '<status>',
        description: `Only jobs in this status: ${JOB_STATUSES.join(', ')}.`,
      },
      hook: { type: 'string', value: '<hook>', description: 'Only jobs of this hook.' },
      limit: { type: 'string', value: '<n>', description: 'How many to show, 1–1000 (default 50).' },
    },
    async run(ctx, { options, print }) {
      const status = options.status;
      if (status !== undefined && !JOB_STATUSES.includes(status as JobStatus))
        throw new CliUsageError(`--status must be one of ${JOB_STATUSES.join(', ')}`);
      const { rows, total } = await ctx.jobs.list({
        status: status as JobStatus | undefined,
        hook: typeof options.hook === 'string' ? options.hook : undefined,
        offset: 0,
        limit: integerOption(options, 'limit', { default: 50, min: 1, max: 1000 }),
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
    async run(ctx, { print }) {
      let total = 0;
      for (let ran = await ctx.jobs.runDue(); ran > 0; ran = await ctx.jobs.runDue()) total += ran;
      print(`Ran ${total} job(s).`);
      return 0;
    },
  },
  {
    name: ['outbox'],
    summary: 'Show the newest messages kept in the mail outbox.',
    options: {
      limit: { type: 'string', value: '<n>', description: 'How many to show, 1–1000 (default 20).' },
      to: { type: 'string', value: '<address>', description: 'Only messages to this address.' },
    },
    async run(ctx, { options, print }) {
      const rows = await newestOutboxMessages(ctx.db, {
        to: typeof options.to === 'string' ? options.to : undefined,
        limit: integerOption(options, 'limit', { default: 20, min: 1, max: 1000 }),
      });
      for (const m of rows) print(`${m.id}\t${m.created_at}\t${m.transport}\t${m.to_address}\t${m.subject}`);
      print(`${rows.length} message(s) shown.`);
      return 0;
    },
  },
];

function roleOption(role: string | boolean | undefined) {
  if (role === undefined) return undefined;
  if (typeof role !== 'string' || !isRole(role))
    throw new CliUsageError(`--role must be one of ${ROLES.join(', ')}`);
  return role;
}

async function requireUser(ctx: PlatformContext, login: string | undefined) {
  const user = login ? await findUserByLogin(ctx.db, login) : null;
  if (!user) throw new CliUsageError(`No user "${login ?? ''}".`);
  return user;
}
