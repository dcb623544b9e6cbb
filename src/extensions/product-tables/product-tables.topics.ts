import { defineTopics } from '../../platform/cache/topics.js';

/** The cache topics of product tables. `tables`: the stored tables; `settings`: the settings; each bumped by its writes. */
export const PRODUCT_TABLES_TOPICS = defineTopics('producttables', ['tables', 'settings']);
