/** One request autocannon repeats (path is relative to the server root, e.g. `/wp-json/wp/v2/users/me`). */
export interface BenchRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  headers?: Record<string, string>;
  /** Sent as JSON when an object, as-is when a string. */
  body?: unknown;
}

/** A logged-in cookie session: the cookie, its nonce, and both as request headers. */
export interface BenchSession {
  cookie: string;
  nonce: string;
  headers: Record<string, string>;
}

/** What a scenario's `setup` gets: the running server and ways to seed it. */
export interface BenchContext {
  /** `http://127.0.0.1:<port>` of the server under test. */
  baseUrl: string;
  /** The server's data dir (SQLite file, secret). */
  dataDir: string;
  /** An administrator of the server under test (created by the harness). */
  admin: { username: string; password: string };
  /** Logs in through `POST /wp-json/auth/v1/login` (default: the admin). */
  login(user?: { username: string; password: string }): Promise<BenchSession>;
  /** One JSON REST call as the admin (cookie + nonce); throws unless 2xx. */
  rest<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
  /** Runs `storeside <args>` against the same database; returns stdout, throws on a non-zero exit. */
  cli(args: string[]): Promise<string>;
}

/** A benchmark scenario: default-export one from `bench/scenarios/<name>.bench.ts`. */
export interface BenchScenario {
  /** Short name (also the results file name and the CLI selector); defaults to the file name. */
  name?: string;
  description: string;
  /** Minimum acceptable requests/s ratio to the raw node:http ceiling. */
  targetRatio: number;
  /** Concurrent connections (default 10). */
  connections?: number;
  /** Seeds data and returns the request(s) to repeat; several requests are sent round-robin. */
  setup(ctx: BenchContext): Promise<BenchRequest | BenchRequest[]>;
}

/** Identity helper that types a scenario file's default export. */
export function defineScenario(scenario: BenchScenario): BenchScenario {
  return scenario;
}

/** What every browser (an admin page, the storefront script's fetch) sends: compressed answers are accepted. */
export const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br' };
