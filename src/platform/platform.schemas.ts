import { type Static, Type } from '@sinclair/typebox';

/** A row of the jobs table as `GET /platform/v1/jobs` shows it. */
export const JobSchema = Type.Object({
  id: Type.Integer(),
  hook: Type.String(),
  args: Type.Record(Type.String(), Type.Unknown()),
  status: Type.String(),
  run_at: Type.String(),
  attempts: Type.Integer(),
  max_attempts: Type.Integer(),
  last_error: Type.Union([Type.String(), Type.Null()]),
  group: Type.String(),
  recurrence: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
  finished_at: Type.Union([Type.String(), Type.Null()]),
});

/** A job as the jobs routes answer it (the admin's Jobs screen reads this type). */
export type JobView = Static<typeof JobSchema>;

/** A stored message as `GET /platform/v1/outbox` shows it. */
export const OutboxMessageSchema = Type.Object({
  id: Type.Integer(),
  message_id: Type.String(),
  transport: Type.String(),
  to: Type.String(),
  from: Type.String(),
  subject: Type.String(),
  text: Type.String(),
  html: Type.Union([Type.String(), Type.Null()]),
  headers: Type.Record(Type.String(), Type.String()),
  tag: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
});

/** A stored message as the outbox routes answer it (the admin's Outbox screen reads this type). */
export type OutboxMessage = Static<typeof OutboxMessageSchema>;
