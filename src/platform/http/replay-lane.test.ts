import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { ReplayLane, type ReplayLaneOptions, replayWhileFresh } from './replay-lane.js';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** A bare Fastify app with the lane in front: `/wp-json/n/:size` answers `size` bytes, replayable while `fresh`. */
async function laneApp(options: ReplayLaneOptions, fresh: () => boolean) {
  const lane = new ReplayLane(options);
  lane.setCallerGuard(() => () => true);
  let handled = 0;
  app = Fastify({ serverFactory: lane.serverFactory });
  app.addHook('onSend', lane.onSend);
  app.get<{ Params: { size: string } }>('/wp-json/n/:size', (request, reply) => {
    handled++;
    replayWhileFresh(request, fresh);
    reply.type('text/plain').send('x'.repeat(Number(request.params.size)));
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const get = async (path: string) => {
    const r = await fetch(`${base}${path}`);
    return { status: r.status, length: (await r.text()).length };
  };
  return { lane, get, handled: () => handled };
}

describe('ReplayLane', () => {
  it('should keep the stored bytes within maxTotalBytes, dropping the oldest answers first', async () => {
    const { lane, get, handled } = await laneApp({ maxTotalBytes: 2500 }, () => true);
    for (const path of ['/wp-json/n/1000', '/wp-json/n/1001', '/wp-json/n/1002']) await get(path);
    expect(lane.size).toBe(2);
    expect(await get('/wp-json/n/1002')).toEqual({ status: 200, length: 1002 });
    expect(lane.replayed).toBe(1);
    await get('/wp-json/n/1000'); // dropped: handled again
    expect(handled()).toBe(4);
  });

  it('should keep at most maxEntries answers and none above maxPayloadBytes', async () => {
    const { lane, get } = await laneApp({ maxEntries: 2, maxPayloadBytes: 100 }, () => true);
    for (const size of [1, 2, 3, 101]) await get(`/wp-json/n/${size}`);
    expect(lane.size).toBe(2);
  });

  it('should answer through Fastify when the freshness check throws', async () => {
    const { lane, get, handled } = await laneApp({}, () => {
      throw new Error('database closed');
    });
    expect(await get('/wp-json/n/10')).toEqual({ status: 200, length: 10 });
    expect(await get('/wp-json/n/10')).toEqual({ status: 200, length: 10 });
    expect(handled()).toBe(2);
    expect(lane.replayed).toBe(0);
  });
});
