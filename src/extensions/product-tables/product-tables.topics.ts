import { defineTopics } from '../../platform/cache/topics.js';

/** The cache topics of product tables. `tables`: the stored tables, bumped by every write of them. */
export const PRODUCT_TABLES_TOPICS = defineTopics('producttables', ['tables']);
