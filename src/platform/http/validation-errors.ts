import type { FastifySchemaValidationError } from 'fastify';
import type { FieldErrors } from './errors.js';

/** Turns Ajv errors into field → rule → message, naming each field as a dotted path. */
export function fieldErrorsFromAjv(errors: FastifySchemaValidationError[], context?: string): FieldErrors {
  // Field names come from the request (`__proto__` included): the map has no prototype to reach.
  const fields: FieldErrors = Object.create(null);
  for (const error of errors) {
    const params = error.params as Record<string, any>;
    let field = error.instancePath.replace(/^\//, '').replace(/\//g, '.');
    if (error.keyword === 'required')
      field = field ? `${field}.${params.missingProperty}` : params.missingProperty;
    if (error.keyword === 'additionalProperties')
      field = field ? `${field}.${params.additionalProperty}` : params.additionalProperty;
    if (!field) field = context ?? 'body';
    const [rule, message] = describe(error, field);
    fields[field] ??= Object.create(null);
    fields[field][rule] ??= message;
  }
  return fields;
}

function describe(error: FastifySchemaValidationError, field: string): [string, string] {
  const p = error.params as Record<string, any>;
  switch (error.keyword) {
    case 'required':
      return ['required', `${field} is a required parameter.`];
    case 'type': {
      const type = Array.isArray(p.type) ? p.type.join(',') : String(p.type);
      const rule =
        type === 'number'
          ? 'numeric'
          : type.includes('object') || type.includes('array')
            ? type.split(',')[0]!
            : type;
      return [rule, `${field} is not of type ${type}.`];
    }
    case 'enum':
      return ['in', `${field} is not one of ${(p.allowedValues as unknown[]).join(', ')}.`];
    case 'const':
      return ['in', `${field} must be ${JSON.stringify(p.allowedValue)}.`];
    case 'minimum':
    case 'exclusiveMinimum':
      return ['min', `${field} must be greater than or equal to ${p.limit}.`];
    case 'maximum':
    case 'exclusiveMaximum':
      return ['max', `${field} must be less than or equal to ${p.limit}.`];
    case 'minLength':
      return ['min', `${field} must be at least ${p.limit} characters long.`];
    case 'maxLength':
      return ['max', `${field} must be at most ${p.limit} characters long.`];
    case 'minItems':
      return ['min', `${field} must contain at least ${p.limit} items.`];
    case 'maxItems':
      return ['max', `${field} must contain at most ${p.limit} items.`];
    case 'minProperties':
      return ['min', `${field} must not be empty.`];
    case 'pattern':
      return ['regex', `${field} does not match pattern ${p.pattern}.`];
    case 'format': {
      const rule =
        p.format === 'email' ? 'email' : p.format === 'date' || p.format === 'date-time' ? 'date' : p.format;
      return [rule, `${field} is not a valid ${p.format}.`];
    }
    case 'additionalProperties':
      return ['unknown', `${field} is not a known parameter.`];
    case 'uniqueItems':
      return ['distinct', `${field} has duplicate items.`];
    case 'multipleOf':
      return ['multiple_of', `${field} must be a multiple of ${p.multipleOf}.`];
    case 'anyOf':
    case 'oneOf':
      return ['invalid', `${field} does not match any allowed form.`];
    default:
      return [error.keyword, `${field} is invalid (${error.message ?? error.keyword}).`];
  }
}
