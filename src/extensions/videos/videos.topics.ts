import { defineTopics } from '../../platform/cache/topics.js';

/**
 * The cache topics of videos. `library`: the library listing, bumped by every write of the library rows and the
 * product assignments (in `library.repository.ts` and `assignments.repository.ts`, inside the writing transaction).
 * `settings`: the settings, bumped by every save and delete-all-data through `VIDEOS_SETTINGS`.
 */
export const VIDEOS_TOPICS = defineTopics('videos', ['library', 'settings']);
