import { describe, expect, it } from 'vitest';
import { cssIdent, esc, escJsonAttr, escUrl, styleText } from './escape.js';

describe('escaping helpers', () => {
  it('should escape every HTML-significant character', () => {
    expect(esc(`<script>alert("x")</script> & 'q'`)).toBe(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;q&#39;',
    );
  });

  it('should keep only safe URL schemes', () => {
    expect(escUrl('javascript:alert(1)')).toBe('');
    expect(escUrl(' JaVaScRiPt:alert(1)')).toBe('');
    expect(escUrl('data:text/html,x')).toBe('');
    expect(escUrl('//evil.example/x')).toBe('');
    expect(escUrl('https://shop.test/p?a=1&b="2"')).toBe('https://shop.test/p?a=1&amp;b=&quot;2&quot;');
    expect(escUrl('/product/x')).toBe('/product/x');
  });

  it('should make JSON safe inside an attribute', () => {
    expect(escJsonAttr({ a: '"><script>' })).toBe('{&quot;a&quot;:&quot;\\&quot;&gt;&lt;script&gt;&quot;}');
  });

  it('should strip everything but identifier characters from CSS identifiers', () => {
    expect(cssIdent('col_1-a{}</style>')).toBe('col_1-astyle');
  });

  it('should never let style text close its element', () => {
    expect(styleText('a{}</style><script>')).not.toContain('</');
  });
});
