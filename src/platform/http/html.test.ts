import { describe, expect, it } from 'vitest';
import { html, jsonScript, richText, safeUrl, trustedHtml } from './html.js';

describe('html (escape by default)', () => {
  it('should escape every interpolation unless it is another html result', () => {
    const name = `<img src=x onerror="alert('x')">&`;
    expect(html`<p title="${name}">${name}</p>`.text).toBe(
      '<p title="&lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt;&amp;">&lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt;&amp;</p>',
    );
    expect(html`<ul>${['a', '<b>'].map((x) => html`<li>${x}</li>`)}</ul>`.text).toBe(
      '<ul><li>a</li><li>&lt;b&gt;</li></ul>',
    );
    expect(html`${null}${undefined}${false}${0}${trustedHtml('<br>')}`.text).toBe('0<br>');
  });

  it('should keep JSON for a script element from closing it', () => {
    expect(jsonScript({ a: '</script><script>alert(1)</script>&\u2028' }).text).toBe(
      '{"a":"\\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e\\u0026\\u2028"}',
    );
  });

  it('should let only http(s) URLs, site paths, fragments and queries through', () => {
    for (const good of [
      'https://shop.test/a',
      'HTTP://x.test',
      '/product/a/',
      '/',
      '#top',
      '?paged=2',
      ' /trimmed ',
    ])
      expect(safeUrl(good)).toBe(good.trim());
  });

  it('should refuse other schemes, protocol-relative hosts and URLs a browser would rewrite into one', () => {
    for (const bad of [
      'javascript:alert(1)',
      ' JAVASCRIPT:alert(1)',
      'vbscript:x',
      'data:text/html,x',
      'mailto:a@b.test',
      'shop.test/a',
      '//evil.test',
      '/\\evil.test',
      '\\\\evil.test',
      '/\t/evil.test',
      '/\n/evil.test',
      'java\tscript:alert(1)',
      'https://shop.test/\u0000',
      '',
    ])
      expect(safeUrl(bad), JSON.stringify(bad)).toBe('');
  });

  it("should keep staff's formatting in rich text and drop scripts, handlers, styles and other schemes", () => {
    const cleaned = richText(
      '<p>Soft <strong>merino</strong> <a href="javascript:alert(1)">x</a> <a href="https://shop.test/" onclick="x()">y</a></p><script>alert(1)</script><img src="x" onerror="alert(1)" alt="i"><p style="color:red">z</p><a href="//evil.test">w</a>',
    ).text;
    expect(cleaned).toBe(
      '<p>Soft <strong>merino</strong> <a>x</a> <a href="https://shop.test/">y</a></p><img src="x" alt="i" /><p>z</p><a>w</a>',
    );
  });
});
