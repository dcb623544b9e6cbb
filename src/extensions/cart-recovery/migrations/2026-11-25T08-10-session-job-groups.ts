import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../../../platform/db/migrations.js';

/**
 * Puts the live jobs of each session scheduled before job groups were used into its groups
 * (`cartrecovery.detect.<session>`, `cartrecovery.send.<session>`), so cancelling a session's jobs finds them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const session = isPostgres(db) ? sql`(args::json ->> 'session')` : sql`json_extract(args, '$.session')`;
  for (const [hook, prefix] of [
    ['cartrecovery.detect_session_abandonment', 'cartrecovery.detect.'],
    ['cartrecovery.send_step', 'cartrecovery.send.'],
  ] as const) {
    await sql`update jobs set group_name = ${prefix} || ${session}
      where hook = ${hook} and status in ('pending', 'running') and group_name = ''`.execute(db);
  }
}
