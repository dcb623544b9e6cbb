/** The range of the databases' `integer` columns (PostgreSQL int4), which every request integer must fit. */
export const DB_INTEGER = { minimum: -2_147_483_648, maximum: 2_147_483_647 } as const;

type Schema = Record<string, unknown>;
const NESTED_LISTS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'] as const;
const NESTED_ONE = ['items', 'additionalProperties', 'not', 'if', 'then', 'else'] as const;

/**
 * Gives every `integer` in a request schema the database integer range where it sets no bound of its own, so a
 * request can never send a number the database refuses (`"1e309"` coerces to Infinity, `1e20` overflows int4):
 * such input is a 400 naming the field, not a 500. Runs once per route at registration; idempotent.
 */
export function boundRequestIntegers(schema: unknown, seen = new Set<unknown>()): void {
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return;
  seen.add(schema);
  const node = schema as Schema;
  const types = Array.isArray(node.type) ? node.type : [node.type];
  if (types.includes('integer')) {
    if (node.maximum === undefined && node.exclusiveMaximum === undefined) node.maximum = DB_INTEGER.maximum;
    if (node.minimum === undefined && node.exclusiveMinimum === undefined) node.minimum = DB_INTEGER.minimum;
  }
  for (const key of NESTED_ONE) boundRequestIntegers(node[key], seen);
  for (const key of NESTED_LISTS) {
    const list = node[key];
    if (Array.isArray(list)) for (const item of list) boundRequestIntegers(item, seen);
  }
  for (const key of ['properties', 'patternProperties'] as const) {
    const map = node[key];
    if (map && typeof map === 'object')
      for (const item of Object.values(map)) boundRequestIntegers(item, seen);
  }
}
