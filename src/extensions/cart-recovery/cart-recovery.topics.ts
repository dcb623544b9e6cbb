import { defineTopics } from '../../platform/cache/topics.js';

/**
 * The cache topics of cart recovery. `sessions`: the data analytics are made of (sessions, their events and their
 * notifications); every write of those rows bumps it in its repository, inside the writing transaction. `settings`
 * and `campaign`: the two settings records, bumped by every write of them (platform/settings).
 */
export const CART_RECOVERY_TOPICS = defineTopics('cartrecovery', ['sessions', 'settings', 'campaign']);
