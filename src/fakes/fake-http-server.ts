import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A parsed request as fake handlers see it. */
export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  /** Raw body text ('' when none). */
  body: string;
  ip: string;
}

/** What a fake handler answers. */
export interface FakeResponse {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** A fake's request handler; `null` means no route (404). */
export type FakeHandler = (request: FakeRequest) => FakeResponse | null | Promise<FakeResponse | null>;

/** A running fake: its base origin (`http://127.0.0.1:<port>`) and a way to stop it. */
export interface RunningFake {
  origin: string;
  close(): Promise<void>;
}

/** Starts a real HTTP server on 127.0.0.1 (port 0 = any free port) answering with `handler`. */
export async function startFakeServer(handler: FakeHandler, port = 0): Promise<RunningFake> {
  const server: Server = createServer((req, res) => {
    void serve(handler, req, res);
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function serve(handler: FakeHandler, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const url = new URL(req.url ?? '/', 'http://fake.local');
  let answer: FakeResponse | null;
  try {
    answer = await handler({
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      body: Buffer.concat(chunks).toString('utf8'),
      ip: req.socket.remoteAddress ?? '',
    });
  } catch (error) {
    answer = { status: 500, body: { error: { code: 500, message: String(error) } } };
  }
  answer ??= { status: 404, body: { code: 'rest_no_route', message: 'Not found', data: { status: 404 } } };
  const headers: Record<string, string> = { ...answer.headers };
  let text = '';
  if (typeof answer.body === 'string') text = answer.body;
  else if (answer.body !== undefined) {
    text = JSON.stringify(answer.body);
    headers['content-type'] ??= 'application/json; charset=UTF-8';
  }
  res.writeHead(answer.status, headers);
  res.end(text);
}

/** Parses a JSON or form-encoded body into a plain object (empty object when unparsable). */
export function parseBody(request: FakeRequest): Record<string, unknown> {
  const type = String(request.headers['content-type'] ?? '');
  if (type.includes('application/x-www-form-urlencoded'))
    return Object.fromEntries(new URLSearchParams(request.body));
  try {
    const parsed = request.body ? JSON.parse(request.body) : {};
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
