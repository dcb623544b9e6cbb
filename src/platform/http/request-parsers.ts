import secureJson from 'secure-json-parse';
import { RestError } from './errors.js';

/** Keys that reach an object's prototype when assigned; no request may use them. */
const PROTOTYPE_KEYS = new Set(['__proto__']);
const ESCAPED_PROTO =
  /"(?:_|\\u005[Ff]){2}(?:p|\\u0070)(?:r|\\u0072)(?:o|\\u006[Ff])(?:t|\\u0074)(?:o|\\u006[Ff])(?:_|\\u005[Ff]){2}"\s*:/;

/**
 * Parses a JSON request body. A NUL character (`\u0000`) is refused: PostgreSQL text cannot hold it. `__proto__` keys and `constructor.prototype` chains (at any depth, also
 * written with `\u` escapes) are refused with 400 naming the key, as Fastify's own parser does, so request
 * data can never reach a prototype through a later merge or assignment. An empty body is `{}`.
 */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === '') return {};
  if (text.includes('\\u0000')) throw nulCharacter();
  try {
    return secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' });
  } catch (error) {
    if (error instanceof SyntaxError && error.message.includes('forbidden prototype property')) {
      const key = ESCAPED_PROTO.test(text) ? '__proto__' : 'constructor.prototype';
      throw forbiddenKey(key);
    }
    throw new RestError('rest_invalid_json', 'Invalid JSON body passed.', 400);
  }
}

/**
 * Parses an `application/x-www-form-urlencoded` body, refusing `__proto__` keys like the JSON parser. `flat` reads
 * every field under its own name, as PHP's `$_POST` keys (`quantity[12]` stays one field) instead of as lists.
 */
export function parseFormBody(text: string, { flat = false } = {}): Record<string, unknown> {
  if (/%00/.test(text)) throw nulCharacter();
  const fields = flat ? flatFormToObject(text) : formToObject(text);
  for (const key of Object.keys(fields)) if (PROTOTYPE_KEYS.has(key)) throw forbiddenKey(key);
  return fields;
}

/**
 * Query strings and form bodies as WordPress reads them: PHP-style lists (`include[]=1&include[]=2`,
 * `include[0]=1`) become arrays. The result has no prototype, so no key (`__proto__` included) can reach one.
 */
export function formToObject(text: string): Record<string, unknown> {
  const out: Record<string, unknown> = Object.create(null);
  for (const [key, value] of new URLSearchParams(text)) {
    const arrayKey = key.endsWith(']') ? (/^(.+)\[\d*\]$/.exec(key)?.[1] ?? null) : null;
    if (!arrayKey) out[key] = value;
    else if (Array.isArray(out[arrayKey])) (out[arrayKey] as string[]).push(value);
    else out[arrayKey] = [value];
  }
  return out;
}

function flatFormToObject(text: string): Record<string, string> {
  const out: Record<string, string> = Object.create(null);
  for (const [key, value] of new URLSearchParams(text)) out[key] = value;
  return out;
}

/** A NUL character in a URL (`%00`), as PostgreSQL text cannot hold one and no WordPress field needs it. */
export function hasNulCharacter(url: string): boolean {
  return url.includes('%00');
}

function nulCharacter(): RestError {
  return new RestError('rest_invalid_param', 'The request may not contain a NUL character (\\u0000).', 400);
}

function forbiddenKey(key: string): RestError {
  return new RestError('rest_invalid_json', `The request body may not contain the key "${key}".`, 400, {
    params: { [key]: `${key} is not an allowed key.` },
  });
}
