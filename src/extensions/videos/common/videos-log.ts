import { appendFile, mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Clock } from '../../../platform/clock.js';

const SECRET_NAMES =
  'access_token|refresh_token|api_key|client_secret|secret|password|connection_string|authorization|credentials?|token|key|license_key';
const JSON_PAIR = new RegExp(`("(?:${SECRET_NAMES})"\\s*:\\s*)"(?:[^"\\\\]|\\\\.)*"`, 'gi');
const QUERY_PAIR = new RegExp(`\\b((?:${SECRET_NAMES})=)[^&\\s"]+`, 'gi');
const BEARER = /\b(Bearer\s+)[\w.~+/-]+=*/gi;

/** Replaces secret values (JSON pairs, query parameters, bearer tokens) with `[REDACTED]`. */
export function redactSecrets(text: string): string {
  return text
    .replace(JSON_PAIR, '$1"[REDACTED]"')
    .replace(QUERY_PAIR, '$1[REDACTED]')
    .replace(BEARER, '$1[REDACTED]');
}

/**
 * The extension's log files in `<data dir>/uploads/videos-logs/` (one per UTC day): errors always, everything
 * when `debug_enableMode` is on; secrets redacted before writing.
 */
export class VideosLog {
  readonly dir: string;

  constructor(
    dataDir: string,
    private readonly clock: Clock,
    private readonly debugEnabled: () => Promise<boolean>,
  ) {
    this.dir = join(dataDir, 'uploads', 'videos-logs');
  }

  /** Writes an error line. */
  async error(message: string, details?: unknown): Promise<void> {
    await this.write('ERROR', message, details);
  }

  /** Writes a debug line when debug mode is on. */
  async debug(message: string, details?: unknown): Promise<void> {
    if (await this.debugEnabled()) await this.write('DEBUG', message, details);
  }

  /** Deletes every file in the log directory; returns how many. */
  async clear(): Promise<number> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch {
      return 0;
    }
    await Promise.all(names.map((name) => rm(join(this.dir, name), { recursive: true, force: true })));
    return names.length;
  }

  private async write(level: string, message: string, details: unknown): Promise<void> {
    const now = this.clock.now();
    const suffix = details === undefined ? '' : ` ${JSON.stringify(details)}`;
    const line = `[${now.toISOString()}] [${level}]: ${redactSecrets(message + suffix)}\n`;
    await mkdir(this.dir, { recursive: true });
    await appendFile(join(this.dir, `videos-${now.toISOString().slice(0, 10)}.log`), line, { mode: 0o600 });
  }
}
