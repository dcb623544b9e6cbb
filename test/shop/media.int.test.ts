import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

type Json = Record<string, any>;

let t: TestApp;
let admin: Record<string, string>;
let manager: Record<string, string>;
let customer: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ options: { extensions: [] } });
  admin = await t.appPasswordHeader(await t.createUser({ role: 'administrator' }));
  manager = await t.appPasswordHeader(await t.createUser({ role: 'shop_manager' }));
  customer = await t.appPasswordHeader(await t.createUser({ role: 'customer' }));
});
afterAll(async () => t.close());

/** A plain picture of `width`×`height` in `format`, made in the test. */
function picture(format: 'jpeg' | 'png' | 'webp' | 'gif' | 'avif', width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 40 } } })
    .toFormat(format)
    .toBuffer();
}

/** Uploads `bytes` as the raw body, WordPress's way. */
function upload(bytes: Buffer, filename: string, type: string, headers = manager, query = '') {
  return t.app.inject({
    method: 'POST',
    url: `/wp-json/wp/v2/media${query}`,
    headers: {
      ...headers,
      'content-type': type,
      'content-disposition': `attachment; filename="${filename}"`,
    },
    payload: bytes,
  });
}

async function mediaCount(): Promise<number> {
  const files = await t.ctx.db
    .selectFrom('shop_media_files')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  const items = await t.ctx.db
    .selectFrom('shop_media')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(items.n) * 1000 + Number(files.n);
}

/** A stored file fetched by its public URL. */
function file(url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url: url.replace('http://shop.test', ''), headers });
}

describe('POST /wp/v2/media', () => {
  it.each([
    ['jpeg', 'photo.jpg', 'image/jpeg'],
    ['png', 'photo.png', 'image/png'],
    ['webp', 'photo.webp', 'image/webp'],
    ['gif', 'photo.gif', 'image/gif'],
    ['avif', 'photo.avif', 'image/avif'],
  ] as const)('should accept a %s image and answer in WordPress shape', async (format, filename, type) => {
    const response = await upload(await picture(format, 320, 240), filename, type);
    expect(response.statusCode, response.body).toBe(201);
    const media = response.json();
    expect(media).toMatchObject({
      slug: expect.stringMatching(/^photo(-\d+)?$/),
      title: { rendered: 'photo' },
      status: 'inherit',
      type: 'attachment',
      media_type: 'image',
      mime_type: type,
      alt_text: '',
      media_details: {
        width: 320,
        height: 240,
        file: expect.stringMatching(/^\d{4}\/\d{2}\/photo-[0-9a-f]{8}\./),
      },
    });
    expect(response.headers.location).toBe(`http://shop.test/wp-json/wp/v2/media/${media.id}`);
    expect(media.source_url).toBe(`http://shop.test/wp-content/uploads/${media.media_details.file}`);
    expect(media.media_details.sizes.full).toMatchObject({ width: 320, height: 240, mime_type: type });
    const served = await file(media.source_url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe(type);
    expect((await sharp(served.rawPayload).metadata()).format).toBe(format === 'avif' ? 'heif' : format);
  });

  it('should generate every size with its dimensions, each served at its URL', async () => {
    const response = await upload(await picture('png', 1200, 800), 'Wide Banner.png', 'image/png');
    expect(response.statusCode, response.body).toBe(201);
    const { sizes } = response.json().media_details;
    const dimensions = Object.fromEntries(
      Object.entries(sizes as Record<string, Json>).map(([name, s]) => [name, `${s.width}x${s.height}`]),
    );
    expect(dimensions).toEqual({
      thumbnail: '150x150',
      medium: '300x200',
      woocommerce_thumbnail: '300x300',
      woocommerce_single: '600x400',
      woocommerce_gallery_thumbnail: '100x100',
      full: '1200x800',
    });
    for (const size of Object.values(sizes as Record<string, Json>)) {
      expect(size.source_url).toMatch(/\/wp-content\/uploads\/\d{4}\/\d{2}\/wide-banner-[0-9a-f]{8}/);
      const served = await file(size.source_url);
      expect(served.statusCode).toBe(200);
      const meta = await sharp(served.rawPayload).metadata();
      expect([meta.width, meta.height]).toEqual([size.width, size.height]);
      expect(size.filesize).toBe(served.rawPayload.length);
    }
    expect(sizes.thumbnail.file).toMatch(/-150x150\.png$/);
  });

  it('should strip metadata and turn the image upright by its EXIF orientation', async () => {
    const tagged = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#3366cc' } })
      .jpeg()
      .withExif({ IFD0: { ImageDescription: 'secret-location-comment', Copyright: 'someone' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const before = await sharp(tagged).metadata();
    expect(before.orientation).toBe(6);
    expect(tagged.includes('secret-location-comment')).toBe(true);
    const response = await upload(tagged, 'tagged.jpeg', 'image/jpeg');
    expect(response.statusCode, response.body).toBe(201);
    const media = response.json();
    expect([media.media_details.width, media.media_details.height]).toEqual([200, 400]);
    for (const size of Object.values(media.media_details.sizes as Record<string, Json>)) {
      const served = (await file(size.source_url)).rawPayload;
      const meta = await sharp(served).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(served.includes('secret-location-comment')).toBe(false);
    }
  });

  it('should take a multipart upload with its title and alternative text', async () => {
    const form = new FormData();
    form.append('file', new Blob([await picture('webp', 120, 90)], { type: 'image/webp' }), 'shoe.webp');
    form.append('title', 'Red shoe');
    form.append('alt_text', 'A red shoe, side view');
    const request = new Request('http://x/', { method: 'POST', body: form });
    const response = await t.app.inject({
      method: 'POST',
      url: '/wp-json/wp/v2/media',
      headers: { ...manager, 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      title: { rendered: 'Red shoe' },
      alt_text: 'A red shoe, side view',
      mime_type: 'image/webp',
      slug: 'shoe',
    });
  });

  it('should give uploads of one name at the same moment their own slugs and paths', async () => {
    const pictures = await Promise.all([10, 11, 12].map((side) => picture('png', side, side)));
    const answers = await Promise.all(pictures.map((bytes) => upload(bytes, 'same.png', 'image/png')));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    const slugs = answers.map((a) => a.json().slug).sort();
    expect(slugs).toEqual(['same', 'same-2', 'same-3']);
    expect(new Set(answers.map((a) => a.json().source_url)).size).toBe(3);
  });

  it('should refuse a file lying about its type, and anything that is not an accepted image', async () => {
    const before = await mediaCount();
    const png = await picture('png', 50, 50);
    for (const [bytes, filename, type, rule] of [
      [png, 'photo.jpg', 'image/jpeg', 'type_mismatch'],
      [png, 'photo.png', 'image/jpeg', 'type_mismatch'],
      [png, 'photo.gif', 'application/octet-stream', 'type_mismatch'],
      [Buffer.from('hello, not an image'), 'notes.jpg', 'image/jpeg', 'image_type'],
      [Buffer.from('%PDF-1.7\n1 0 obj'), 'flyer.pdf', 'application/pdf', 'image_type'],
      [
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        'logo.svg',
        'image/svg+xml',
        'svg',
      ],
    ] as const) {
      const response = await upload(bytes, filename, type);
      expect(response.statusCode, `${filename} ${type}`).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'rest_upload_invalid_type',
        data: { status: 400, errors: { file: { [rule]: expect.any(String) } } },
      });
    }
    // JPEG's magic number followed by garbage: named and typed right, but no image.
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);
    const response = await upload(broken, 'broken.jpg', 'image/jpeg');
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('rest_upload_invalid_image');
    expect(await mediaCount()).toBe(before);
  });

  it('should refuse anonymous callers with 401 and customers with 403, storing nothing', async () => {
    const before = await mediaCount();
    const png = await picture('png', 20, 20);
    expect((await upload(png, 'a.png', 'image/png', {})).statusCode).toBe(401);
    const forbidden = await upload(png, 'a.png', 'image/png', customer);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().code).toBe('rest_forbidden');
    expect((await upload(png, 'a.png', 'image/png', admin)).statusCode).toBe(201);
    expect(await mediaCount()).toBeGreaterThan(before);
  });

  it('should refuse an upload without a file name or without data', async () => {
    const before = await mediaCount();
    const png = await picture('png', 20, 20);
    const unnamed = await t.app.inject({
      method: 'POST',
      url: '/wp-json/wp/v2/media',
      headers: { ...manager, 'content-type': 'image/png' },
      payload: png,
    });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json()).toMatchObject({
      code: 'rest_upload_no_content_disposition',
      data: { params: { file: expect.any(String) } },
    });
    const empty = await upload(Buffer.alloc(0), 'a.png', 'image/png');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('rest_upload_no_data');
    expect(await mediaCount()).toBe(before);
  });

  it('should refuse a file over the upload limit set in the settings', async () => {
    const set = (kb: number) =>
      t.app.inject({
        method: 'POST',
        url: '/wp-json/wp/v2/settings',
        headers: admin,
        payload: { fileupload_maxk: kb },
      });
    expect((await set(0)).statusCode).toBe(400);
    expect((await set(1)).json().fileupload_maxk).toBe(1);
    const noise = await sharp(randomBytes(64 * 64 * 3), { raw: { width: 64, height: 64, channels: 3 } })
      .png()
      .toBuffer();
    expect(noise.length).toBeGreaterThan(1024);
    const before = await mediaCount();
    const response = await upload(noise, 'noise.png', 'image/png');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'rest_upload_file_too_big',
      data: { errors: { file: { max: expect.any(String) } } },
    });
    expect(await mediaCount()).toBe(before);
    expect((await set(8192)).statusCode).toBe(200);
    expect((await upload(noise, 'noise.png', 'image/png')).statusCode).toBe(201);
  });
});

describe('serving /wp-content/uploads/', () => {
  it('should cache files for a year and answer a revalidation with 304', async () => {
    const media = (await upload(await picture('png', 40, 40), 'cached.png', 'image/png')).json();
    const served = await file(media.source_url);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const etag = served.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    const again = await file(media.source_url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect((await file('/wp-content/uploads/2020/01/nothing.png')).statusCode).toBe(404);
  });
});

describe('GET /wp/v2/media', () => {
  it('should page the library with WordPress headers and filter by type and search', async () => {
    const all = await t.app.inject({ method: 'GET', url: '/wp-json/wp/v2/media?per_page=2' });
    expect(all.statusCode).toBe(200);
    const total = Number(all.headers['x-wp-total']);
    expect(total).toBeGreaterThan(4);
    expect(all.headers['x-wp-totalpages']).toBe(String(Math.ceil(total / 2)));
    expect(all.headers.link).toBe('<http://shop.test/wp-json/wp/v2/media?per_page=2&page=2>; rel="next"');
    expect(all.json()).toHaveLength(2);
    const beyond = await t.app.inject({
      method: 'GET',
      url: `/wp-json/wp/v2/media?per_page=2&page=${total}`,
    });
    expect(beyond.json()).toEqual([]);
    const webp = (
      await t.app.inject({ method: 'GET', url: '/wp-json/wp/v2/media?mime_type=image/webp&per_page=100' })
    ).json();
    expect(webp.length).toBeGreaterThan(0);
    expect(webp.every((m: Json) => m.mime_type === 'image/webp')).toBe(true);
    const videos = await t.app.inject({ method: 'GET', url: '/wp-json/wp/v2/media?media_type=video' });
    expect(videos.json()).toEqual([]);
    const images = await t.app.inject({ method: 'GET', url: '/wp-json/wp/v2/media?media_type=image' });
    expect(images.headers['x-wp-total']).toBe(String(total));
    const found = (
      await t.app.inject({ method: 'GET', url: '/wp-json/wp/v2/media?search=red%20SHOE' })
    ).json();
    expect(found.map((m: Json) => m.title.rendered)).toEqual(['Red shoe']);
    const bad = await t.app.inject({ method: 'GET', url: '/wp-json/wp/v2/media?media_type=movie' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.params.media_type).toBeDefined();
  });
});

describe('GET, POST, DELETE /wp/v2/media/{id}', () => {
  it('should read and change title, alternative text and caption', async () => {
    const media = (await upload(await picture('jpeg', 60, 60), 'mug.jpg', 'image/jpeg')).json();
    const read = await t.app.inject({ method: 'GET', url: `/wp-json/wp/v2/media/${media.id}` });
    expect(read.json()).toEqual(media);
    const changed = await t.app.inject({
      method: 'POST',
      url: `/wp-json/wp/v2/media/${media.id}`,
      headers: manager,
      payload: { title: { raw: 'Mug <b>&</b> co' }, alt_text: 'A blue mug', caption: 'Our mug' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      title: { rendered: 'Mug &lt;b&gt;&amp;&lt;/b&gt; co' },
      alt_text: 'A blue mug',
      caption: { rendered: '<p>Our mug</p>\n' },
    });
    const bad = await t.app.inject({
      method: 'POST',
      url: `/wp-json/wp/v2/media/${media.id}`,
      headers: manager,
      payload: { alt_text: 'x'.repeat(1001) },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'rest_invalid_param',
      data: { params: { alt_text: expect.any(String) } },
    });
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/wp-json/wp/v2/media/${media.id}`,
      payload: { alt_text: 'x' },
    });
    expect(anonymous.statusCode).toBe(401);
    const forbidden = await t.app.inject({
      method: 'POST',
      url: `/wp-json/wp/v2/media/${media.id}`,
      headers: customer,
      payload: { alt_text: 'x' },
    });
    expect(forbidden.statusCode).toBe(403);
    const after = (await t.app.inject({ method: 'GET', url: `/wp-json/wp/v2/media/${media.id}` })).json();
    expect(after.alt_text).toBe('A blue mug');
    const missing = await t.app.inject({ method: 'GET', url: '/wp-json/wp/v2/media/999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('rest_post_invalid_id');
  });

  it('should refuse a delete without force with 501, and with force remove the item and its files', async () => {
    const media = (await upload(await picture('png', 400, 400), 'gone.png', 'image/png')).json();
    const urls = Object.values(media.media_details.sizes as Record<string, Json>).map((s) => s.source_url);
    expect(urls.length).toBeGreaterThan(3);
    const unforced = await t.app.inject({
      method: 'DELETE',
      url: `/wp-json/wp/v2/media/${media.id}`,
      headers: manager,
    });
    expect(unforced.statusCode).toBe(501);
    expect(unforced.json().code).toBe('rest_trash_not_supported');
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/wp-json/wp/v2/media/${media.id}?force=true`,
          headers: customer,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/wp-json/wp/v2/media/${media.id}?force=true` }))
        .statusCode,
    ).toBe(401);
    for (const url of urls) expect((await file(url)).statusCode).toBe(200);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/wp-json/wp/v2/media/${media.id}?force=true`,
      headers: manager,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toMatchObject({ deleted: true, previous: { id: media.id } });
    for (const url of urls) expect((await file(url)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/wp-json/wp/v2/media/${media.id}` })).statusCode).toBe(
      404,
    );
  });
});

describe('product images by media id', () => {
  it('should take `images: [{id}]`, answer its src, name and alt, and offer its sizes on the storefront', async () => {
    const media = (
      await upload(
        await picture('jpeg', 900, 900),
        'teapot.jpg',
        'image/jpeg',
        manager,
        '?alt_text=A%20teapot',
      )
    ).json();
    const created = await t.app.inject({
      method: 'POST',
      url: '/wp-json/wc/v3/products',
      headers: manager,
      payload: {
        name: 'Teapot',
        regular_price: '20.00',
        images: [{ id: media.id }, { src: 'https://cdn.example.com/lid.png' }],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const product = created.json();
    expect(product.images).toEqual([
      { id: media.id, src: media.source_url, name: 'teapot', alt: 'A teapot' },
      { id: expect.any(Number), src: 'https://cdn.example.com/lid.png', name: 'lid.png', alt: '' },
    ]);
    const store = (
      await t.app.inject({ method: 'GET', url: `/wp-json/wc/store/v1/products/${product.id}` })
    ).json();
    expect(store.images[0].thumbnail).toBe(media.media_details.sizes.woocommerce_thumbnail.source_url);
    expect(store.images[0].srcset).toContain(
      `${media.media_details.sizes.woocommerce_single.source_url} 600w`,
    );
    const page = await t.app.inject({ method: 'GET', url: `/product/${product.slug}/` });
    expect(page.statusCode).toBe(200);
    const sizes = media.media_details.sizes;
    expect(page.body).toContain(
      `srcset="${sizes.woocommerce_gallery_thumbnail.source_url} 100w, ${sizes.thumbnail.source_url} 150w, ${sizes.medium.source_url} 300w, ${sizes.woocommerce_single.source_url} 600w, ${media.source_url} 900w" sizes="(max-width: 600px) 100vw, 600px"`,
    );
    expect(page.body).toContain('alt="A teapot"');

    const updated = await t.app.inject({
      method: 'PUT',
      url: `/wp-json/wc/v3/products/${product.id}`,
      headers: manager,
      payload: { images: [{ id: media.id, alt: 'Teapot, front' }] },
    });
    expect(updated.json().images).toEqual([
      { id: media.id, src: media.source_url, name: 'teapot', alt: 'Teapot, front' },
    ]);
  });

  it('should refuse an unknown media id or an image with neither id nor src, changing nothing', async () => {
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/wp-json/wc/v3/products',
      headers: manager,
      payload: { name: 'Ghost', images: [{ id: 987654 }] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      code: 'rest_invalid_param',
      data: { errors: { images: { exists: expect.any(String) } } },
    });
    const empty = await t.app.inject({
      method: 'POST',
      url: '/wp-json/wc/v3/products',
      headers: manager,
      payload: { name: 'Ghost', images: [{ alt: 'nothing' }] },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().data.errors.images.required).toBeDefined();
    const ghosts = (
      await t.app.inject({ method: 'GET', url: '/wp-json/wc/v3/products?search=Ghost', headers: manager })
    ).json();
    expect(ghosts).toEqual([]);
  });
});
