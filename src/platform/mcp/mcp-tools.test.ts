import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { McpToolRegistry } from './mcp-tools.js';

const tool = {
  name: 'things_get_thing',
  description: 'One thing.',
  route: '/things/v1/things/:id',
  capability: 'manage_things',
  params: Type.Object({ id: Type.Integer({ minimum: 1 }) }),
  querystring: Type.Object({ page: Type.Optional(Type.Integer({ minimum: 1 })) }),
};

describe('McpToolRegistry', () => {
  it('should merge the path and query schemas into one plain JSON Schema input', () => {
    const registry = new McpToolRegistry();
    registry.register(tool);
    const found = registry.find('things_get_thing')!;
    expect(found.inputSchema).toEqual({
      type: 'object',
      properties: { id: { type: 'integer', minimum: 1 }, page: { type: 'integer', minimum: 1 } },
      required: ['id'],
    });
    expect(Object.getOwnPropertySymbols(found.inputSchema.properties.id!)).toEqual([]);
    expect(registry.list().map((t) => t.name)).toEqual(['things_get_thing']);
  });

  it('should refuse a repeated name, a name that is not snake_case and a route that is not a path', () => {
    const registry = new McpToolRegistry();
    registry.register(tool);
    expect(() => registry.register(tool)).toThrow(/already registered/);
    expect(() => registry.register({ ...tool, name: 'Get-Thing' })).toThrow(/snake_case/);
    expect(() => registry.register({ ...tool, name: 'other', route: 'things?x=1' })).toThrow(/not a route/);
  });
});
