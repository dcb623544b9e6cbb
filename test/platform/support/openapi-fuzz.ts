import { request as httpRequest } from 'node:http';
import fc from 'fast-check';

/** One operation of the OpenAPI document, as the fuzzer needs it. */
export interface Operation {
  method: string;
  path: string;
  pathParams: string[];
  queryParams: string[];
  bodyProperties: Record<string, { type?: unknown }>;
  bodyRequired: string[];
}

/** A raw HTTP request the fuzzer sends. */
export interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** Every operation of an OpenAPI document. */
export function operationsOf(spec: { paths: Record<string, Record<string, any>> }): Operation[] {
  return Object.entries(spec.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => {
      const params = (op.parameters ?? []) as Array<{ in: string; name: string }>;
      const schema = op.requestBody?.content?.['application/json']?.schema ?? {};
      return {
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: params.filter((p) => p.in === 'query').map((p) => p.name),
        bodyProperties: schema.properties ?? {},
        bodyRequired: schema.required ?? [],
      };
    }),
  );
}

const hostileStrings = [
  '',
  ' ',
  '__proto__',
  'constructor',
  'prototype',
  '-1',
  '0',
  '1.5',
  '1e309',
  '99999999999999999999999',
  'NaN',
  'null',
  'true',
  '[]',
  '{}',
  '%',
  '%ZZ',
  '%E0%A4%A',
  '%00',
  '\u0000',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '../../etc/passwd',
  '=cmd|"/c calc"!A1',
  'é✓🎉',
  'x'.repeat(300),
];

/** Values of every JSON type, mostly wrong for whatever field they land in. */
export const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    null,
    true,
    false,
    0,
    -1,
    1.5,
    -1e308,
    Number.MAX_SAFE_INTEGER + 2,
    [],
    {},
    [null],
    [[]],
    { __proto__: null, nested: { deep: [1, 'a'] } },
    'x'.repeat(70_000),
  ),
  fc.constantFrom(...hostileStrings),
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.array(fc.oneof(fc.string({ maxLength: 8 }), fc.integer()), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(fc.string({ maxLength: 8 }), fc.integer()), {
    maxKeys: 3,
  }),
);

// Numbers a lenient parser reads as an id (Ajv's coercion reads `0x1A` as 26 and ` 1` as 1): a path id is decimal
// digits or no route at all.
const nonDecimalIds = [
  '0x1A',
  '0x1',
  '1e3',
  '1e0',
  '+1',
  ' 1',
  '1 ',
  '1.0',
  '0b1',
  '0o7',
  '1_000',
  'Infinity',
  '１',
];

const segment = fc.oneof(
  fc.constant('1'),
  fc.constantFrom(...hostileStrings),
  fc.constantFrom(...nonDecimalIds),
  fc.string({ maxLength: 12 }),
);

/** A path with its `{params}` filled with hostile segments (raw: percent-encoding is the fuzzer's choice). */
function pathArbitrary(op: Operation): fc.Arbitrary<string> {
  if (op.pathParams.length === 0) return fc.constant(op.path);
  return fc.tuple(...op.pathParams.map(() => segment)).map((values) => {
    let path = op.path;
    op.pathParams.forEach((name, i) => {
      const value = values[i] ?? '1';
      // Broken percent-encoding goes out raw (it is the point); everything else as a client would encode it.
      path = path.replace(`{${name}}`, /^%[!-~]*$/.test(value) ? value : encodeURIComponent(value));
    });
    return path;
  });
}

const queryPairs = (op: Operation): fc.Arbitrary<string[]> => {
  // The route's own parameters, every parameter the platform reads itself, and one nobody knows.
  const names = [
    ...op.queryParams,
    '_wpnonce',
    '_fields',
    '_envelope',
    '_method',
    '_locale',
    '_jsonp',
    '_pretty',
    'rest_route',
    'context',
    'page',
    'per_page',
    'offset',
    'zz_unknown',
  ];
  // Lists of 10 (a nonce's length) and 20 elements, PHP-style and indexed.
  const list = (name: string, length: number, indexed: boolean) =>
    Array.from({ length }, (_, i) => `${name}[${indexed ? i : ''}]=${i % 10}`).join('&');
  const pair = fc.oneof(
    fc
      .tuple(fc.constantFrom(...names), wrongValue)
      .map(
        ([name, value]) =>
          `${name}=${encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value))}`,
      ),
    fc.constantFrom(...names).map((name) => `${name}[]=a&${name}[]=b`),
    fc
      .tuple(fc.constantFrom(...names), fc.constantFrom(10, 20), fc.boolean())
      .map(([name, length, indexed]) => list(name, length, indexed)),
    fc.constantFrom(
      '_wpnonce[]=a',
      '__proto__[polluted]=1',
      'constructor[prototype][polluted]=1',
      '%ZZ=1',
      'a=%E0%A4%A',
      'page=-5&per_page=100000',
      `long=${'y'.repeat(6000)}`,
    ),
  );
  return fc.array(pair, { maxLength: 4 });
};

const poisonedBodies = [
  '{"__proto__":{"polluted":true,"isAdmin":true}}',
  '{"a":{"__proto__":{"polluted":true}}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"\\u005f_proto__":{"polluted":true}}',
  '[{"__proto__":{"polluted":true}}]',
];
const malformedBodies = ['{', '{"a":', 'nul', '[1,', '"', '\u0000', '{"a":1}}', '{"a":NaN}', '1e99999'];

/** A request body with its content type: schema-guided wrong values, poison, garbage or the wrong type. */
function bodyArbitrary(op: Operation): fc.Arbitrary<{ contentType: string; body: string }> {
  const fields = Object.keys(op.bodyProperties);
  const json = (value: unknown) => ({ contentType: 'application/json', body: JSON.stringify(value) });
  const guided = fc
    .tuple(
      fc.subarray(fields.length > 0 ? fields : ['zz_unknown']),
      fc.array(wrongValue, { minLength: fields.length + 1, maxLength: fields.length + 1 }),
      fc.boolean(),
    )
    .map(([chosen, values, withUnknown]) => {
      const body: Record<string, unknown> = Object.create(null);
      chosen.forEach((field, i) => {
        body[field] = values[i];
      });
      if (withUnknown) body.zz_unknown_field = values[values.length - 1];
      return json(body);
    });
  return fc.oneof(
    { weight: 6, arbitrary: guided },
    { weight: 1, arbitrary: wrongValue.map(json) },
    {
      weight: 2,
      arbitrary: fc
        .constantFrom(...poisonedBodies)
        .map((body) => ({ contentType: 'application/json', body })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(...malformedBodies)
        .map((body) => ({ contentType: 'application/json', body })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        { contentType: 'application/x-www-form-urlencoded', body: '__proto__[polluted]=1&a[]=1' },
        { contentType: 'application/x-www-form-urlencoded', body: 'a=%ZZ&b[]=1&b[x]=2' },
        {
          contentType: 'application/x-www-form-urlencoded',
          body: '_method[]=DELETE&_method[]=PUT&_wpnonce[]=a',
        },
        {
          contentType: 'application/x-www-form-urlencoded',
          body: Array.from({ length: 20 }, (_, i) => `_wpnonce[]=${i}`).join('&'),
        },
        { contentType: 'text/plain', body: 'hello' },
        { contentType: 'application/xml', body: '<a/>' },
        { contentType: 'multipart/form-data', body: '--x\r\n' },
        { contentType: 'application/json; charset=utf-16', body: '{}' },
      ),
    },
  );
}

/** Hostile requests for one operation, signed in as one of the given callers. */
export function requestArbitrary(
  op: Operation,
  callers: Array<Record<string, string>>,
): fc.Arbitrary<FuzzRequest> {
  const hasBody = op.method !== 'GET' && op.method !== 'DELETE';
  return fc
    .record({
      path: pathArbitrary(op),
      query: queryPairs(op),
      caller: fc.constantFrom(...callers),
      body: hasBody ? bodyArbitrary(op) : fc.constant(undefined),
      override: fc.constantFrom('none', 'none', 'header', 'query', 'bogus'),
    })
    .map(({ path, query, caller, body, override }) => {
      const headers: Record<string, string> = { ...caller };
      let method = op.method;
      if (override !== 'none' && method !== 'GET') {
        method = 'POST';
        if (override === 'header') headers['x-http-method-override'] = op.method;
        else query.push(`_method=${override === 'query' ? op.method : 'TRACE'}`);
      }
      if (body) headers['content-type'] = body.contentType;
      const search = query.length > 0 ? `?${query.join('&')}` : '';
      return { method, path: `${path}${search}`, headers, body: body?.body };
    });
}

/** Sends a raw request (no URL normalisation, as an attacker's client would); resolves with status and body. */
export function send(
  port: number,
  req: FuzzRequest,
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      { host: '127.0.0.1', port, method: req.method, path: req.path, headers: req.headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.setTimeout(10_000, () => outgoing.destroy(new Error('no answer within 10 s')));
    outgoing.end(req.body);
  });
}

/**
 * Why an answer breaks the rules (a 5xx, or a 4xx not in the WordPress error shape), or null. 501 is
 * WooCommerce's own refusal to trash what cannot be trashed (`woocommerce_rest_trash_not_supported`).
 */
export function ruleBroken(answer: { status: number; body: string }): string | null {
  const refusal = answer.status === 501 && answer.body.includes('"woocommerce_rest_trash_not_supported"');
  if (answer.status >= 500 && !refusal) return `answered ${answer.status}: ${answer.body.slice(0, 300)}`;
  if (answer.status < 400) return null;
  let error: { code?: unknown; message?: unknown; data?: { status?: unknown } };
  try {
    error = JSON.parse(answer.body);
  } catch {
    return `a ${answer.status} whose body is not JSON: ${answer.body.slice(0, 200)}`;
  }
  if (
    typeof error.code !== 'string' ||
    typeof error.message !== 'string' ||
    error.data?.status !== answer.status
  )
    return `a ${answer.status} not in the WordPress error shape: ${answer.body.slice(0, 300)}`;
  return null;
}
