import { SMTPServer } from 'smtp-server';

/** One message the loopback SMTP server accepted, parsed. */
export interface ReceivedMail {
  to: string[];
  headers: Map<string, string>;
  subject: string;
  text: string;
  html: string;
  raw: string;
}

/**
 * A real SMTP server on 127.0.0.1 (the `smtp-server` package): collects messages, can refuse the next ones with
 * a 451 or hold a transaction open until released (a slow or dying relay).
 */
export class SmtpSink {
  readonly messages: ReceivedMail[] = [];
  private rejects = new Map<string, number>();
  private holding: Array<() => void> | null = null;
  private server: SMTPServer | null = null;
  url = '';

  /** Starts listening on a free loopback port. */
  async start(): Promise<this> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const finish = () => {
            const recipient = session.envelope.rcptTo[0]?.address ?? '';
            const left = this.rejects.get(recipient) ?? this.rejects.get('*') ?? 0;
            if (left > 0) {
              this.rejects.set(this.rejects.has(recipient) ? recipient : '*', left - 1);
              const error = new Error('Temporary local problem, try again later') as Error & {
                responseCode: number;
              };
              error.responseCode = 451;
              callback(error);
              return;
            }
            const raw = Buffer.concat(chunks).toString('utf8');
            this.messages.push({ to: session.envelope.rcptTo.map((r) => r.address), ...parseMail(raw), raw });
            callback();
          };
          if (this.holding) this.holding.push(finish);
          else finish();
        });
      },
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const address = this.server.server.address() as { port: number };
    this.url = `smtp://127.0.0.1:${address.port}`;
    return this;
  }

  /** Refuses the next `n` messages (to `recipient`, or to anyone) with 451. */
  rejectNext(n: number, recipient = '*'): void {
    this.rejects.set(recipient, n);
  }

  /** Holds every message's final reply until `release()` (the sender waits, as with a stuck relay). */
  hold(): { release: () => void } {
    this.holding = [];
    return {
      release: () => {
        const waiting = this.holding ?? [];
        this.holding = null;
        for (const finish of waiting) finish();
      },
    };
  }

  /** Messages sent to one address. */
  to(address: string): ReceivedMail[] {
    return this.messages.filter((m) => m.to.includes(address));
  }

  async stop(): Promise<void> {
    const held = this.holding;
    this.holding = null;
    for (const finish of held ?? []) finish();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}

/** A minimal MIME reader: unfolded headers, and the text/html parts (7bit, quoted-printable or base64). */
export function parseMail(raw: string): Omit<ReceivedMail, 'to' | 'raw'> {
  const { headers, body } = splitHeaders(raw);
  const parts: Array<{ headers: Map<string, string>; body: string }> = [];
  collectParts(headers, body, parts);
  const part = (type: string) => {
    const found = parts.find((p) => (p.headers.get('content-type') ?? 'text/plain').startsWith(type));
    return found ? decodeBody(found.headers, found.body) : '';
  };
  return {
    headers,
    subject: decodeWords(headers.get('subject') ?? ''),
    text: part('text/plain'),
    html: part('text/html'),
  };
}

function splitHeaders(raw: string): { headers: Map<string, string>; body: string } {
  const normalized = raw.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? '' : normalized.slice(end + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function collectParts(
  headers: Map<string, string>,
  body: string,
  out: Array<{ headers: Map<string, string>; body: string }>,
): void {
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.startsWith('multipart/') || !boundary) {
    out.push({ headers, body });
    return;
  }
  for (const chunk of body.split(`--${boundary}`).slice(1)) {
    if (chunk.startsWith('--')) break;
    const inner = splitHeaders(chunk.replace(/^\n/, ''));
    collectParts(inner.headers, inner.body, out);
  }
}

function decodeBody(headers: Map<string, string>, body: string): string {
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes: number[] = [];
    const text = body.replace(/=\n/g, '');
    for (let i = 0; i < text.length; i++) {
      if (text[i] === '=' && /^[0-9A-F]{2}$/i.test(text.slice(i + 1, i + 3))) {
        bytes.push(Number.parseInt(text.slice(i + 1, i + 3), 16));
        i += 2;
      } else bytes.push(...Buffer.from(text[i], 'utf8'));
    }
    return Buffer.from(bytes).toString('utf8');
  }
  return body.replace(/\n$/, '');
}

function decodeWords(value: string): string {
  return value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_m, kind: string, data: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : Buffer.from(
          data
            .replace(/_/g, ' ')
            .replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
          'latin1',
        ).toString('utf8'),
  );
}

/** The first URL in `text` carrying query parameter `param`. */
export function linkWith(text: string, param: string): string {
  const match = new RegExp(`https?://[^\\s<>"]*[?&]${param}=[A-Za-z0-9-]+`).exec(text);
  if (!match) throw new Error(`no ${param} link in:\n${text}`);
  return match[0];
}
