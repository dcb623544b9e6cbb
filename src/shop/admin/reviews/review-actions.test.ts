import { describe, expect, it } from 'vitest';
import { moderationActions, movedMessage } from './review-actions.js';

describe('moderationActions', () => {
  it("should offer WordPress's moves from each view, never the view's own status", () => {
    const moves = (from: Parameters<typeof moderationActions>[0]) =>
      moderationActions(from).map((action) => `${action.label}→${action.to}`);
    expect(moves('hold')).toEqual(['Approve→approved', 'Spam→spam', 'Trash→trash']);
    expect(moves('approved')).toEqual(['Unapprove→hold', 'Spam→spam', 'Trash→trash']);
    expect(moves('spam')).toEqual(['Not Spam→hold', 'Trash→trash']);
    expect(moves('trash')).toEqual(['Restore→hold', 'Spam→spam']);
  });
});

describe('movedMessage', () => {
  it('should count the reviews moved', () => {
    expect(movedMessage('approved', 1)).toBe('1 review approved.');
    expect(movedMessage('approved', 2)).toBe('2 reviews approved.');
    expect(movedMessage('spam', 1)).toBe('1 review marked as spam.');
  });
});
