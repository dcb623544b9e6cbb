import { describe, expect, it } from 'vitest';
import { defineTopics } from './topics.js';

describe('defineTopics', () => {
  it('should name each topic after its owner, and refuse a topic declared twice', () => {
    const topics = defineTopics('topics-test', ['one', 'two']);
    expect([topics.one, topics.two]).toEqual(['topics-test.one', 'topics-test.two']);
    expect(() => defineTopics('topics-test', ['two'])).toThrow(/declared twice/);
  });
});
