import { defineTopics } from '../../platform/cache/topics.js';

/**
 * The cache topics of loyalty. `ledger`: the points ledger, the counters and the balances; every write of those rows
 * bumps it inside its transaction (the loyalty repositories), and whatever is cached from them names it. `settings`: the
 * loyalty settings, bumped by every write of them (platform/settings).
 */
export const LOYALTY_TOPICS = defineTopics('loyalty', ['ledger', 'settings']);
