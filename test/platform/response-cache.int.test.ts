import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELEGATION_HEADER } from '../../src/platform/auth/delegation.js';
import { bumpTopics } from '../../src/platform/cache/data-versions.js';
import { PLATFORM_TOPICS } from '../../src/platform/cache/topics.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

// Declarative response caching (`config.cache.topics`): users/me names `auth.principals`. Replays happen on a
// listening server (the lane answers from node's request event) and to `app.inject`.
let t: TestApp;
let base: string;
let session: Awaited<ReturnType<TestApp['login']>>;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  session = await t.login(await t.createUser({ role: 'administrator' }));
});
afterAll(async () => {
  await t.close();
});

async function me() {
  const before = t.app.replayLane.replayed;
  const response = await fetch(`${base}/wp-json/wp/v2/users/me`, { headers: session.headers });
  return { status: response.status, replayed: t.app.replayLane.replayed - before };
}

describe('config.cache', () => {
  it('should replay a route whose topics are unchanged, and stop once any instance bumps one', async () => {
    await me();
    expect(await me()).toEqual({ status: 200, replayed: 1 });
    await bumpTopics(t.ctx.db, PLATFORM_TOPICS.principals);
    // Right after the bump (commit not yet seen) and on the first request after it: answered by the route.
    expect(await me()).toEqual({ status: 200, replayed: 0 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await me();
    expect(await me()).toEqual({ status: 200, replayed: 1 });
  });

  it('should never replay to another caller or a request without the nonce', async () => {
    await me();
    const otherUser = await t.createUser({ role: 'administrator' });
    const other = await t.login(otherUser);
    const response = await fetch(`${base}/wp-json/wp/v2/users/me`, { headers: other.headers });
    expect(((await response.json()) as { id: number }).id).toBe(otherUser.id);
    const anonymous = await fetch(`${base}/wp-json/wp/v2/users/me`, { headers: { cookie: session.cookie } });
    expect(anonymous.status).toBe(401);
  });

  it('should replay to app.inject as to the network, but never to a sub-request acting as its parent caller', async () => {
    const inject = () =>
      t.app.inject({ method: 'GET', url: '/wp-json/wp/v2/users/me', headers: session.headers });
    await inject();
    const before = t.app.replayLane.replayed;
    const again = await inject();
    expect(again.statusCode).toBe(200);
    expect(t.app.replayLane.replayed - before).toBe(1);
    // A sub-request acting as its parent's caller (MCP read tools, batch items) always goes through Fastify.
    const delegated = await t.app.inject({
      method: 'GET',
      url: '/wp-json/wp/v2/users/me',
      headers: { ...session.headers, [DELEGATION_HEADER]: 'unknown' },
    });
    expect(delegated.statusCode).not.toBe(500);
    expect(t.app.replayLane.replayed - before).toBe(1);
  });
});
