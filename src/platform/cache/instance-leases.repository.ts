import type pg from 'pg';

// Every lease change runs under one transaction-scoped advisory lock, so a newcomer's registration and a solo
// instance's renewal never interleave: either the renewal sees the newcomer, or the newcomer sees the solo lease.
const LOCK = `pg_advisory_xact_lock(hashtext(current_schema() || ':storeside.data_version_instances'))`;

/**
 * Registers (or re-registers) instance `id` with a lease of `leaseMs`, giving up any solo lease it held; returns
 * how many milliseconds (database time) are left of the other instances' solo leases.
 */
export async function registerInstance(client: pg.Client, id: string, leaseMs: number): Promise<number> {
  const results = await inTransaction(
    client,
    `select ${LOCK};
    insert into data_version_instances (id, lease_until, solo_until)
      values ('${uuid(id)}', now() + interval '${whole(leaseMs)} milliseconds', null)
      on conflict (id) do update set lease_until = excluded.lease_until, solo_until = null;
    select coalesce(ceil(extract(epoch from max(solo_until) - now()) * 1000), 0) as wait
      from data_version_instances where id <> '${uuid(id)}' and solo_until > now();`,
  );
  return Math.max(0, Number(results[3]!.rows[0]?.wait ?? 0));
}

/**
 * Renews instance `id`'s lease for `leaseMs`, and its solo lease for `soloMs` when no other instance holds a live
 * lease (else drops it). Returns whether it is solo now, or null when its row was gone (it must register again).
 */
export async function renewInstance(
  client: pg.Client,
  id: string,
  leaseMs: number,
  soloMs: number,
): Promise<boolean | null> {
  const results = await inTransaction(
    client,
    `select ${LOCK};
    update data_version_instances set lease_until = now() + interval '${whole(leaseMs)} milliseconds',
      solo_until = case when exists (
        select 1 from data_version_instances o where o.id <> '${uuid(id)}' and o.lease_until > now()
      ) then null else now() + interval '${whole(soloMs)} milliseconds' end
      where id = '${uuid(id)}' and lease_until > now()
      returning solo_until is not null as solo;`,
  );
  const row = results[2]!.rows[0] as { solo: boolean } | undefined;
  return row === undefined ? null : row.solo;
}

/** Removes instance `id` (it stops): the others may become solo at their next renewal. */
export async function leaveInstance(client: pg.Client, id: string): Promise<void> {
  await client.query('delete from data_version_instances where id = $1', [uuid(id)]);
}

/** Runs `statements` (simple protocol, no parameters) in one transaction; their results, `begin`'s first. */
async function inTransaction(client: pg.Client, statements: string): Promise<pg.QueryResult[]> {
  try {
    return (await client.query(`begin; ${statements}; commit;`)) as unknown as pg.QueryResult[];
  } catch (error) {
    // A failed statement leaves the session inside an aborted transaction: end it, or every later query fails.
    await client.query('rollback').catch(() => {});
    throw error;
  }
}

function uuid(id: string): string {
  if (!/^[0-9a-f-]{36}$/.test(id)) throw new Error('instance ids are UUIDs');
  return id;
}

function whole(ms: number): number {
  if (!Number.isInteger(ms) || ms < 0) throw new Error('lease durations are whole milliseconds');
  return ms;
}
