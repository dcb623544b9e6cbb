/**
 * The cache topic of the points ledger and the balances (platform data versions, docs/platform.md "Cache rule"):
 * every write of ledger, counter or balance rows bumps it inside its transaction (the loyalty repositories), and
 * whatever is cached from those rows (the admin ledger pages) names it.
 */
export const LEDGER_TOPIC = 'loyalty.ledger';
