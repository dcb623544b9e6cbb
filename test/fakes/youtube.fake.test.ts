import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeYouTube, isoDuration } from '../../src/fakes/youtube.fake.js';

const fake = new FakeYouTube();
let api: string;
let proxy: string;
let key: string;
let channelId: string;

beforeAll(async () => {
  ({ apiBaseUrl: api, oauthProxyUrl: proxy } = await fake.start());
  channelId = fake.addChannel({ videoCount: 120 }).id;
  key = fake.issueApiKey('p1');
});
afterAll(() => fake.stop());

const get = async (path: string, headers: Record<string, string> = {}) => {
  const r = await fetch(`${api}${path}`, { headers });
  return { status: r.status, body: (await r.json()) as any };
};

describe('fake YouTube Data API v3', () => {
  it('should answer channels.list with snippet and the uploads playlist, charging 1 unit', async () => {
    const r = await get(`/channels?part=snippet,contentDetails&id=${channelId}&key=${key}`);
    expect(r.status).toBe(200);
    expect(r.body.items[0].contentDetails.relatedPlaylists.uploads).toBe(`UU${channelId.slice(2)}`);
    expect(fake.unitsUsed(key)).toBe(1);
    const none = await get(`/channels?part=snippet&id=UCnope&key=${key}`);
    expect(none.body.pageInfo.totalResults).toBe(0);
    expect(none.body.items).toBeUndefined();
  });

  it('should page playlistItems with nextPageToken and return durations and views from videos.list', async () => {
    const playlist = `UU${channelId.slice(2)}`;
    const first = await get(`/playlistItems?part=snippet&playlistId=${playlist}&maxResults=50&key=${key}`);
    expect(first.body.items).toHaveLength(50);
    expect(first.body.pageInfo.totalResults).toBe(120);
    const third = await get(
      `/playlistItems?part=snippet&playlistId=${playlist}&maxResults=50&key=${key}&pageToken=${
        (
          await get(
            `/playlistItems?part=snippet&playlistId=${playlist}&maxResults=50&key=${key}&pageToken=${first.body.nextPageToken}`,
          )
        ).body.nextPageToken
      }`,
    );
    expect(third.body.items).toHaveLength(20);
    expect(third.body.nextPageToken).toBeUndefined();
    const ids = first.body.items
      .slice(0, 3)
      .map((i: any) => i.snippet.resourceId.videoId)
      .join(',');
    const videos = await get(`/videos?part=contentDetails,statistics&id=${ids}&key=${key}`);
    expect(videos.body.items[0].contentDetails.duration).toMatch(/^PT/);
    expect(videos.body.items[0].statistics.viewCount).toMatch(/^\d+$/);
  });

  it('should answer Google-shaped errors for bad keys, missing credentials, bad tokens and unknown playlists', async () => {
    const bad = await get(`/channels?part=snippet&id=${channelId}&key=nope`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].reason).toBe('API_KEY_INVALID');
    expect((await get(`/channels?part=snippet&id=${channelId}`)).body.error.errors[0].reason).toBe(
      'forbidden',
    );
    const token = await get('/channels?part=snippet&mine=true', { authorization: 'Bearer ya29.bogus' });
    expect([token.status, token.body.error.status]).toEqual([401, 'UNAUTHENTICATED']);
    const missing = await get(`/playlistItems?part=snippet&playlistId=UUnope&key=${key}`);
    expect([missing.status, missing.body.error.errors[0].reason]).toEqual([404, 'playlistNotFound']);
  });

  it('should stop at the daily quota with quotaExceeded', async () => {
    const small = fake.issueApiKey('small');
    fake.quotaUsed.set('small', 9_999);
    expect((await get(`/channels?part=snippet&id=${channelId}&key=${small}`)).status).toBe(200);
    const over = await get(`/channels?part=snippet&id=${channelId}&key=${small}`);
    expect([over.status, over.body.error.errors[0].reason]).toEqual([403, 'quotaExceeded']);
  });
});

describe('fake OAuth proxy', () => {
  it('should trade a refresh token for an access token that works with mine=true', async () => {
    const refresh = fake.issueRefreshToken(channelId);
    const r = await fetch(proxy, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ action: 'refresh', refresh_token: refresh }),
    });
    const body = (await r.json()) as any;
    expect(body).toMatchObject({ success: true, data: { expires_in: 3599 } });
    const mine = await get('/channels?part=snippet&mine=true', {
      authorization: `Bearer ${body.data.access_token}`,
    });
    expect(mine.body.items[0].id).toBe(channelId);
    fake.revokeRefreshToken(refresh);
    const again = await fetch(proxy, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ action: 'refresh', refresh_token: refresh }),
    });
    expect(again.status).toBe(400);
  });

  it('should only redirect back to the connecting domain', async () => {
    const ok = await fetch(
      `${proxy}?action=connect&domain=http://shop.test&state=s1&redirect_uri=${encodeURIComponent('http://shop.test/cb?x=1')}`,
      {
        redirect: 'manual',
      },
    );
    const location = new URL(String(ok.headers.get('location')));
    expect([location.searchParams.get('state'), location.searchParams.get('x')]).toEqual(['s1', '1']);
    const evil = await fetch(
      `${proxy}?action=connect&domain=http://shop.test&state=s1&redirect_uri=${encodeURIComponent('http://evil.test/cb')}`,
      {
        redirect: 'manual',
      },
    );
    expect(evil.status).toBe(400);
  });
});

describe('isoDuration', () => {
  it('should format seconds like YouTube', () => {
    expect([isoDuration(253), isoDuration(3600), isoDuration(0), isoDuration(3661)]).toEqual([
      'PT4M13S',
      'PT1H',
      'PT0S',
      'PT1H1M1S',
    ]);
  });
});
