declare const topicBrand: unique symbol;

/**
 * A cache topic: a body of data that writes bump and caches name (`shop.catalog`, `loyalty.ledger`, …). Made only
 * by `defineTopics` (or the platform's own list below), so every topic in use is declared once, by its owner.
 */
export type Topic = string & { readonly [topicBrand]: true };

/** Every topic declared in this process: a second declaration of one is a mistake (two owners, one name). */
const declared = new Set<string>();

/**
 * Declares the cache topics of one owner (the shop, an extension): `defineTopics('loyalty', ['ledger'] as const)`
 * gives `{ ledger: 'loyalty.ledger' }`, each a `Topic`. The names are stored in the database: never rename one.
 */
export function defineTopics<const Names extends readonly string[]>(
  owner: string,
  names: Names,
): { readonly [Name in Names[number]]: Topic } {
  const topics: Record<string, Topic> = {};
  for (const name of names) topics[name] = declareTopic(`${owner}.${name}`);
  return Object.freeze(topics) as { readonly [Name in Names[number]]: Topic };
}

/** The platform's own topics: every option write (`options`), and everything a principal is made of. */
export const PLATFORM_TOPICS = Object.freeze({
  options: declareTopic('options'),
  principals: declareTopic('auth.principals'),
});

function declareTopic(name: string): Topic {
  if (declared.has(name)) throw new Error(`The cache topic ${name} is declared twice`);
  declared.add(name);
  return name as Topic;
}
