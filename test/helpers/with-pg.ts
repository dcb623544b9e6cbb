import pg from 'pg';

/** Runs `fn` with a PostgreSQL client connected to `url`, closed afterwards. */
export async function withPg<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
