import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectApiChannel, createVideosTestApp, type VideosTestApp } from './videos-helpers.js';

// The product page's video gallery (slot `product.gallery`) as a browser without scripts receives it.
let v: VideosTestApp;
let ids: string[];
let titles: Map<string, string>;
let product: number;

beforeAll(async () => {
  v = await createVideosTestApp();
  await connectApiChannel(v, 6);
  await v.api('GET', '/videos/v1/videoplatform/sync-library');
  const library = (await v.api('GET', '/videos/v1/videoplatform/videos?sort=date_asc')).json()
    .videos as Array<{
    id: string;
    title: string;
  }>;
  ids = library.map((x) => x.id);
  titles = new Map(library.map((x) => [x.id, x.title]));
  product = await v.product({ name: 'Gallery Product' });
  await v.api('POST', '/videos/v1/products/bulk-assign', {
    product_ids: [product],
    video_ids: [ids[3], ids[1], ids[5]],
  });
});
afterAll(() => v.close());

const slugOf = async (id: number) => (await v.t.ctx.shop.getProducts([id]))[0]!.slug;
const productPage = async (id = product) => {
  const r = await v.t.app.inject({ method: 'GET', url: `/product/${await slugOf(id)}/` });
  expect(r.statusCode).toBe(200);
  return r.body;
};
const jsonLd = (body: string) =>
  JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(body)![1]!) as Array<
    Record<string, unknown>
  >;
const facades = (body: string) =>
  [...body.matchAll(/<div class="video-facade" data-video-embed="([^"]+)" data-video-title="([^"]*)">/g)].map(
    (m) => ({ embed: m[1]!.replaceAll('&amp;', '&'), title: m[2]! }),
  );

describe('the product page video gallery', () => {
  it('should show the assigned videos in order as click-to-play facades, without any player frame', async () => {
    const body = await productPage();
    expect(facades(body).map((f) => f.embed)).toEqual(
      [ids[3], ids[1], ids[5]].map((id) => `https://www.youtube.com/embed/${id}?rel=0`),
    );
    expect(body).not.toContain('<iframe');
    for (const id of [ids[3], ids[1], ids[5]]) {
      expect(body).toContain(`aria-label="Play ${titles.get(id!)}"`);
      expect(body).toContain(`href="https://www.youtube.com/watch?v=${id}"`);
      expect(body).toMatch(
        new RegExp(`<img src="https://i\\.ytimg\\.com/vi/${id}/[^"]+" alt="" loading="lazy"`),
      );
    }
    expect(body).toMatch(
      /<section class="product-videos" data-position="first" aria-label="Product videos">/,
    );
    expect(body).toMatch(/<span class="video-duration">\d+:\d\d<\/span>/);
    expect(body).toMatch(/<script type="module" src="\/assets\/islands\/video-facade-[\w-]+\.js"><\/script>/);
  });

  it('should put the VideoObject JSON-LD of each video in the head', async () => {
    const body = await productPage();
    const head = body.slice(0, body.indexOf('</head>'));
    expect(head).toContain('<script type="application/ld+json">');
    const objects = jsonLd(head);
    expect(objects.map((o) => o.embedUrl)).toEqual(
      [ids[3], ids[1], ids[5]].map((id) => `https://www.youtube.com/embed/${id}?rel=0`),
    );
    expect(objects[0]).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'VideoObject',
      name: titles.get(ids[3]!),
      contentUrl: `https://www.youtube.com/watch?v=${ids[3]}`,
    });
    expect(objects[0]!.duration).toMatch(/^PT/);
    expect(objects[0]!.uploadDate).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('should follow privacy mode, controls, max videos, position, order, duration and autoplay settings', async () => {
    await v.api('POST', '/videos/v1/settings', {
      privacy_mode: true,
      show_controls: false,
      video_position: 'last',
      max_videos: 2,
      show_duration: false,
      autoplay_first: true,
    });
    await v.api('POST', '/videos/v1/products/video-order', {
      product_id: product,
      video_order: [ids[5], ids[3], ids[1]],
    });
    const body = await productPage();
    expect(facades(body).map((f) => f.embed)).toEqual(
      [ids[5], ids[3]].map((id) => `https://www.youtube-nocookie.com/embed/${id}?rel=0&controls=0`),
    );
    expect(body).toContain('<section class="product-videos" data-position="last" data-autoplay-first');
    expect(body).not.toContain('class="video-duration"');
    expect(jsonLd(body)).toHaveLength(2);
    await v.api('POST', '/videos/v1/settings', {
      privacy_mode: false,
      show_controls: true,
      video_position: 'first',
      max_videos: 0,
      show_duration: true,
      autoplay_first: false,
    });
  });

  it('should escape titles in the markup and keep the JSON-LD script closed', async () => {
    const tricky = '</script><script>alert(1)</script> & "quotes"';
    await v.t.ctx.db
      .updateTable('videos_library' as never)
      .set({ title: tricky } as never)
      .where('video_id' as never, '=', ids[3] as never)
      .execute();
    const body = await productPage();
    expect(body).not.toContain('<script>alert(1)</script>');
    expect(body).toContain(
      'aria-label="Play &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot;"',
    );
    const object = jsonLd(body).find((o) => o.contentUrl === `https://www.youtube.com/watch?v=${ids[3]}`);
    expect(object!.name).toBe(tricky);
  });

  it('should add nothing to the page of a product without videos', async () => {
    const other = await v.product({ name: 'No Videos' });
    const body = await productPage(other);
    expect(body).not.toContain('product-videos');
    expect(body).not.toContain('application/ld+json');
    expect(body).not.toContain('video-facade');
  });

  it('should allow the players and https thumbnails in the page CSP', async () => {
    const r = await v.t.app.inject({ method: 'GET', url: `/product/${await slugOf(product)}/` });
    const csp = String(r.headers['content-security-policy']);
    expect(csp).toContain('frame-src https://www.youtube-nocookie.com https://www.youtube.com');
    expect(csp).toMatch(/img-src [^;]*https:/);
  });
});
