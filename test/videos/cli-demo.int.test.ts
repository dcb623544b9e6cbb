import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videosCli } from '../../src/extensions/videos/cli/videos.cli.js';
import { videosExtension } from '../../src/extensions/videos/videos.extension.js';
import { connectApiChannel, createVideosTestApp, type VideosTestApp } from './videos-helpers.js';

let v: VideosTestApp;

beforeAll(async () => {
  v = await createVideosTestApp();
});
afterAll(() => v.close());

const command = (name: string) => videosCli.find((c) => c.name.join(' ') === name)!;

describe('storeside demo --with-fakes (videos step)', () => {
  it('should skip without --with-fakes', async () => {
    const lines: string[] = [];
    await v.t.ctx.events.emit('shop.demo.seeded', { print: (l) => lines.push(l), withFakes: false });
    expect(lines.join('\n')).toMatch(/videos: skipped/);
  });

  it('should sync the demo channel through the fake and give products galleries, idempotently', async () => {
    const products = [await v.product(), await v.product(), await v.product()];
    const configured = v.t.config.services.VIDEOS_API_BASE_URL;
    const lines: string[] = [];
    await v.t.ctx.events.emit('shop.demo.seeded', { print: (l) => lines.push(l), withFakes: true });
    expect(lines.join('\n')).toMatch(/synced 60 videos .* galleries on \d+ products \(\d+ changed\)/);
    const gallery = await v.t.app.inject({
      method: 'GET',
      url: `/wp-json/wc/store/v1/products/${products[0]}`,
    });
    expect(gallery.json().extensions.videos.videos.length).toBeGreaterThan(0);
    expect(v.t.config.services.VIDEOS_API_BASE_URL).toBe(configured);
    const again: string[] = [];
    await v.t.ctx.events.emit('shop.demo.seeded', { print: (l) => again.push(l), withFakes: true });
    expect(again.join('\n')).toMatch(/\(0 changed\)/);
  });
});

describe('storeside videos sync', () => {
  it('should sync the configured channel and report counts and quota', async () => {
    await connectApiChannel(v, 75);
    const lines: string[] = [];
    const code = await command('videos sync').run(v.t.services(videosExtension), {
      args: [],
      options: {},
      print: (l) => lines.push(l),
    });
    expect(code).toBe(0);
    expect(lines.at(-1)).toMatch(/^Synced 75 videos from ".+" \(75 new, 0 gone\) using 5 quota units\.$/);
    expect(lines.some((l) => /^75\/75 videos listed$/.test(l))).toBe(true);
  });
});
