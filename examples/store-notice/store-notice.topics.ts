import { defineTopics } from '../../src/platform/cache/topics.js';

/** The cache topics of the store notice. `settings`: its settings, bumped by every write of them. */
export const STORE_NOTICE_TOPICS = defineTopics('storenotice', ['settings']);
