import { countries } from 'countries-list';
import type { Kysely } from 'kysely';

const PAGE = 500;

/**
 * Addresses stored with a country's name (the checkout's old free-text field: "United States") get the ISO 3166-1
 * code WooCommerce stores ("US"), in orders' billing and shipping and customers' saved addresses; a name that
 * matches no country stays as it was. Carts keep no address yet.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const codes = countryCodesByName();
  await convert(db, 'shop_orders', 'id', codes);
  await convert(db, 'shop_customer_addresses', 'user_id', codes);
}

async function convert(
  db: Kysely<any>,
  table: string,
  key: string,
  codes: Map<string, string>,
): Promise<void> {
  let after = 0;
  for (;;) {
    const rows = (await db
      .selectFrom(table)
      .select([key, 'billing', 'shipping'])
      .where(key, '>', after)
      .orderBy(key)
      .limit(PAGE)
      .execute()) as Array<Record<string, unknown>>;
    for (const row of rows) {
      const changes: Record<string, string> = {};
      for (const column of ['billing', 'shipping'] as const) {
        const text = row[column] as string;
        const address = JSON.parse(text || '{}') as { country?: unknown };
        if (typeof address.country !== 'string' || /^[A-Z]{2}$/.test(address.country)) continue;
        const code = codes.get(nameKey(address.country));
        if (code) changes[column] = JSON.stringify({ ...address, country: code });
      }
      if (Object.keys(changes).length > 0)
        await db.updateTable(table).set(changes).where(key, '=', row[key]).execute();
    }
    if (rows.length < PAGE) return;
    after = rows[rows.length - 1]![key] as number;
  }
}

// Every name a country goes by (English, native, former, and the runtime's Unicode CLDR name), and its code in any case.
function countryCodesByName(): Map<string, string> {
  const english = new Intl.DisplayNames(['en'], { type: 'region' });
  const index = new Map<string, string>();
  for (const [code, data] of Object.entries(countries)) {
    if (data.userAssigned) continue;
    const names = [code, data.name, data.native, ...(data.alias ?? []), english.of(code) ?? ''];
    if (code === 'US') names.push('United States (US)');
    if (code === 'GB') names.push('United Kingdom (UK)');
    for (const name of names) if (name && !index.has(nameKey(name))) index.set(nameKey(name), code);
  }
  return index;
}

function nameKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .replace(/^the /, '');
}
