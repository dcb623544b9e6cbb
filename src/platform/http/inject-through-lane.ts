import type { FastifyInstance } from 'fastify';
import inject from 'light-my-request';
import type { ReplayLane } from './replay-lane.js';

/**
 * Makes `app.inject` meet the replay lane before Fastify, as requests from the network do, so tests and in-process
 * callers see the answers the lane would give (sub-requests acting as their parent's caller are never replayed).
 */
export function injectThroughLane<App extends Pick<FastifyInstance, 'routing' | 'ready' | 'inject'>>(
  app: App,
  lane: ReplayLane,
): void {
  const listener = lane.before((req, res) => app.routing(req, res));
  const dispatch: inject.DispatchFunc = (req, res) => {
    app.ready().then(
      () => listener(req, res),
      (error: Error) => res.emit('error', error),
    );
  };
  app.inject = ((options: inject.InjectOptions | string) => inject(dispatch, options)) as App['inject'];
}
