import type { FastifyRequest } from 'fastify';
import type { DbOrTrx } from '../../../platform/db/database.js';

/** Who did something and from where (the `context` of a log entry). */
export interface ActivityActor {
  user: string;
  ip: string;
  method: string;
  url: string;
  userAgent: string;
}

/** The actor of an HTTP request (login of the caller, or `guest`). */
export function actorFromRequest(request: FastifyRequest): ActivityActor {
  const principal = request.principal;
  return {
    user: principal.kind === 'user' ? principal.user.username : 'guest',
    ip: request.ip,
    method: request.method,
    url: request.originalUrl ?? request.url,
    userAgent: String(request.headers['user-agent'] ?? ''),
  };
}

/** An actor for work done outside a request (`cron`, `cli`, `system`). */
export function systemActor(user: 'cron' | 'cli' | 'system'): ActivityActor {
  return { user, ip: '', method: '', url: '', userAgent: '' };
}

/** Records an activity-log entry unless logging is switched off; `db` writes inside a transaction. */
export type ActivityLogger = (
  entry: { level: 'info' | 'success' | 'warning'; title: string; details?: string },
  actor: ActivityActor,
  db?: DbOrTrx,
) => Promise<void>;
