import { describe, expect, it } from 'vitest';
import { cssIdent, styleText } from './css-text.js';

describe('CSS text helpers', () => {
  it('should strip everything but identifier characters from CSS identifiers', () => {
    expect(cssIdent('col_1-a{}</style>')).toBe('col_1-astyle');
  });

  it('should never let style text close its element', () => {
    expect(styleText('a{}</style><script>')).not.toContain('</');
  });
});
