import { randomBytes } from 'node:crypto';
import type { PlatformContext } from '../context.js';
import { countUsers } from './users.repository.js';
import { createUser } from './users.service.js';

/** On an empty database, creates the configured administrator; prints a generated password once. */
export async function ensureAdministrator(
  ctx: PlatformContext,
  print: (line: string) => void,
): Promise<void> {
  if ((await countUsers(ctx.db)) > 0) return;
  const generated = ctx.config.admin.password === null;
  const password = ctx.config.admin.password ?? randomBytes(12).toString('base64url');
  await createUser(ctx.db, ctx.clock, {
    username: ctx.config.admin.user,
    email: ctx.config.admin.email,
    password,
    role: 'administrator',
  });
  if (generated) {
    print(`Created administrator "${ctx.config.admin.user}" with password: ${password}`);
    print('This password is shown only once. Set STORESIDE_ADMIN_PASSWORD to choose your own.');
  }
}
