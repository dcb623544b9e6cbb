import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factoryTableConfig } from '../../src/extensions/product-tables/config/table-config.defaults.js';
import { tableCss } from '../../src/extensions/product-tables/storefront/table-styles.js';
import { createPtTestApp, type PtTestApp } from './pt-helpers.js';

const XSS = `<script>alert("x")</script>'"`;
let h: PtTestApp;
let tableId: number;
beforeAll(async () => {
  h = await createPtTestApp();
  const cat = await h.category('</style><script>alert(1)</script>', 'evil-cat');
  await h.product({
    name: XSS,
    sku: '<b>"sku"</b>',
    regular_price: '5.00',
    short_description: '<img src=x onerror=alert(1)> "words"',
    categories: [{ id: cat }],
    images: [{ src: 'https://cdn.test/a.jpg" onerror="alert(1)', alt: '"><script>alt</script>' }],
  });
  await h.product({ name: 'Bad image', regular_price: '5.00', images: [{ src: 'javascript:alert(1)' }] });
  const variable = await h.product({
    name: 'V "quoted"',
    type: 'variable',
    attributes: [{ name: 'Si"ze<x>', options: ['<o>"', "it's"], variation: true }],
  });
  await h.variation(variable, { regular_price: '3.00', attributes: [{ name: 'Si"ze<x>', option: '<o>"' }] });
  await h.product({
    name: 'Ext',
    type: 'external',
    external_url: 'https://partner.test/?a=1&b="2"',
    button_text: '"><script>b</script>',
  });
  await h.api('POST', '/settings', { settings: { add_to_cart_text: '<img src=x onerror=alert(2)>' } });
  tableId = (
    await h.api('POST', '/tables', {
      data: {
        title: '</style><script>alert("title")</script>',
        columns: [
          { id: 'img', type: 'image', heading: '"><script>alert("h")</script>' },
          { id: 'name', type: 'name', heading: '</style>Name' },
          { id: 'sku', type: 'sku', heading: "O'Brien & co" },
          { id: 'sum', type: 'summary', heading: 'About' },
          { id: 'cat', type: 'tax', heading: 'Cats' },
          {
            id: 'mix',
            type: 'combined',
            heading: 'Mix',
            settings: {
              elements: [{ type: 'sku', settings: { prefix: '<i>', suffix: '"/>' } }],
              separator: '<br>',
            },
          },
          { id: 'buy', type: 'button', heading: 'Buy' },
        ],
        settings: { pagination: { limit: 50 } },
      },
    })
  ).json().id;
});
afterAll(async () => h.t.close());

/** The markup with every double-quoted attribute value blanked: what is left is tags and text only. */
const outsideAttributes = (html: string) => html.replace(/="[^"]*"/g, '=""');

function expectNoInjection(html: string) {
  const bare = outsideAttributes(html);
  expect(bare).not.toMatch(/<script/i);
  expect(bare).not.toMatch(/<[^>]*onerror/i);
  expect(bare).not.toMatch(/<img src=x/i);
  expect(bare).not.toMatch(/<\/?(b|i|o|x)>/);
  expect(html.match(/<\/style>/g)?.length ?? 0).toBeLessThanOrEqual(1);
  expect(html).not.toMatch(/(href|src|data-full|data-image)="\s*javascript:/i);
}

describe('escaping in every context', () => {
  it('should escape product strings, headings, titles and texts in the public page', async () => {
    const r = await h.t.app.inject({
      method: 'GET',
      url: `/product-table/${tableId}?s=${encodeURIComponent('"><script>s</script>')}`,
    });
    const page = r.body;
    expect(page).toContain(
      '<title>&lt;/style&gt;&lt;script&gt;alert(&quot;title&quot;)&lt;/script&gt; – Storeside</title>',
    );
    const table = page.slice(page.indexOf('<style'), page.indexOf('</div></main>'));
    expectNoInjection(table);
    expect(table).toContain('value="&quot;&gt;&lt;script&gt;s&lt;/script&gt;"');
  });

  it('should escape everything in the rendered rows of every product type', async () => {
    const rows = (
      await h.t.app.inject({ method: 'GET', url: `/wp-json/producttables/v1/render/${tableId}` })
    ).json().html;
    expectNoInjection(rows);
    expect(rows).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&#39;&quot;');
    expect(rows).toContain('&lt;b&gt;&quot;sku&quot;&lt;/b&gt;');
    expect(rows).toContain('src="https://cdn.test/a.jpg&quot; onerror=&quot;alert(1)"');
    expect(rows).toContain('<span class="producttables-summary">&quot;words&quot;</span>');
    expect(rows).toContain('&lt;/style&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(rows).toContain('data-attribute="Si&quot;ze&lt;x&gt;"');
    expect(rows).toContain('<option value="&lt;o&gt;&quot;">&lt;o&gt;&quot;</option>');
    expect(rows).toContain('href="https://partner.test/?a=1&amp;b=&quot;2&quot;"');
    expect(rows).toContain('&quot;&gt;&lt;script&gt;b&lt;/script&gt;</a>');
    expect(rows).toContain('&lt;img src=x onerror=alert(2)&gt;</button>');
    expect(rows).toContain('&lt;i&gt;');
    expect(rows).toContain('data-label="O&#39;Brien &amp; co"');
    expect(rows).toContain('src=""');
  });

  it('should escape headings and filter choices in the preview', async () => {
    const html = (await h.api('POST', '/preview', { data: { id: tableId } })).json().html;
    expectNoInjection(html);
    expect(html).toContain('&quot;&gt;&lt;script&gt;alert(&quot;h&quot;)&lt;/script&gt;');
    expect(html).toContain('&lt;/style&gt;Name</th>');
  });

  it('should refuse style values that could break out of CSS', async () => {
    for (const value of [
      '</style><script>x</script>',
      'red;background:url(x)',
      '#fff}body{display:none',
      'expression(alert(1))',
    ])
      expect(
        (await h.api('POST', '/tables', { data: { style: { header: { bgColor: value } } } })).statusCode,
      ).toBe(400);
    expect(
      (await h.api('POST', '/tables', { data: { style: { header: { fontSize: '1px}</style>' } } } }))
        .statusCode,
    ).toBe(400);
  });

  it('should drop hostile style values that reach the CSS generator anyway', () => {
    const config = factoryTableConfig();
    config.style.header.bgColor = '#fff}</style><script>alert(1)</script>';
    config.style.button.borderRadius = '4px;}body{x:y';
    config.columns[0]!.id = 'a}</style>';
    const css = tableCss({ wrapperId: 'w"1', style: config.style, columns: config.columns, bulkWidth: null });
    expect(css).not.toContain('<');
    expect(css).not.toContain('}body');
    expect(css).not.toContain('#fff}');
    expect(css).toContain('#w1 .producttables-table .producttables-col-astyle{width:92px}');
  });
});
