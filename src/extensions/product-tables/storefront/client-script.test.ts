import { describe, expect, it } from 'vitest';
import { CLIENT_SCRIPT } from './client-script.js';

describe('storefront client script', () => {
  it('should be valid JavaScript', () => {
    expect(() => new Function(CLIENT_SCRIPT)).not.toThrow();
  });

  it('should never build DOM from strings with innerHTML except the server-rendered rows and pagination', () => {
    const uses = CLIENT_SCRIPT.match(/innerHTML|insertAdjacentHTML/g) ?? [];
    expect(uses).toHaveLength(3);
    expect(CLIENT_SCRIPT).toContain('tbody.innerHTML = res.body.html');
    expect(CLIENT_SCRIPT).toContain('slot.innerHTML = res.body.pagination');
  });
});
