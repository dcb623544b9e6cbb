/** Applies WordPress `_fields` (comma list, dotted paths) to an object or to each element of a list. */
export function applyFieldsFilter(payload: unknown, fieldsParam: string | string[]): unknown {
  const fields = (Array.isArray(fieldsParam) ? fieldsParam : fieldsParam.split(','))
    .map((f) => f.trim())
    .filter(Boolean);
  if (fields.length === 0) return payload;
  if (Array.isArray(payload)) return payload.map((item) => pick(item, fields));
  return pick(payload, fields);
}

function pick(value: unknown, fields: string[]): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const out: Record<string, unknown> = {};
  for (const path of fields) {
    const [head, ...rest] = path.split('.');
    if (!head || !(head in (value as Record<string, unknown>))) continue;
    const inner = (value as Record<string, unknown>)[head];
    if (rest.length === 0) out[head] = inner;
    else {
      const nested = pick(inner, [rest.join('.')]);
      out[head] = { ...((out[head] as object) ?? {}), ...(nested as object) };
    }
  }
  return out;
}
