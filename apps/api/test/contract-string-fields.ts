import type { z } from 'zod';
import { endpoints, type EndpointDef, type EndpointName } from '@mako/contract';

/* Where the contract's request schemas accept a string, found by walking the endpoint table's zod schemas. */

export type Part = 'path' | 'query' | 'body';
export type Segment = string | number;

export interface StringField {
  endpoint: EndpointName;
  part: Part;
  /** Where the string sits inside the part; a record's value is under RECORD_KEY. */
  path: Segment[];
  /** The string is a record's key rather than a value. */
  key: boolean;
}

/** The key used to reach a record's values (a valid engine flag name). */
export const RECORD_KEY = 'sweep_flag';

type Def = { type: string } & Record<string, unknown>;
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

/**
 * Every position in a schema where a string is accepted. Throws on a schema kind it does not know,
 * so that a new construct in the contract cannot hide its strings from the sweep.
 */
function stringPositions(schema: z.core.$ZodType, path: Segment[] = []): { path: Segment[]; key: boolean }[] {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return [{ path, key: false }];
    case 'enum':
      return Object.values(def.entries as Record<string, unknown>).some((v) => typeof v === 'string')
        ? [{ path, key: false }]
        : [];
    case 'literal':
      return (def.values as unknown[]).some((v) => typeof v === 'string') ? [{ path, key: false }] : [];
    case 'number':
    case 'boolean':
    case 'null':
      return [];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return stringPositions(def.innerType as z.core.$ZodType, path);
    case 'pipe':
      return stringPositions(def.in as z.core.$ZodType, path);
    case 'object':
      return Object.entries(def.shape as Record<string, z.core.$ZodType>).flatMap(([name, field]) =>
        stringPositions(field, [...path, name]),
      );
    case 'array':
      return stringPositions(def.element as z.core.$ZodType, [...path, 0]);
    case 'union':
      return (def.options as z.core.$ZodType[]).flatMap((option) => stringPositions(option, path));
    case 'record':
      return [
        ...stringPositions(def.keyType as z.core.$ZodType, path).map((p) => ({ ...p, key: true })),
        ...stringPositions(def.valueType as z.core.$ZodType, [...path, RECORD_KEY]),
      ];
    default:
      throw new Error(`The sweep does not know zod's '${def.type}' schemas: teach stringPositions about them`);
  }
}

/** On the wire a path or query value is always text, whatever the schema turns it into. */
function wirePositions(schema: z.core.$ZodType): { path: Segment[]; key: boolean }[] {
  return Object.keys(defOf(schema).shape as Record<string, unknown>).map((name) => ({ path: [name], key: false }));
}

export function contractStringFields(): StringField[] {
  const fields = new Map<string, StringField>();
  for (const [endpoint, def] of Object.entries(endpoints) as [EndpointName, EndpointDef][]) {
    const parts: [Part, z.core.$ZodType | undefined, boolean][] = [
      ['path', def.params, true],
      ['query', def.query, true],
      ['body', def.body, def.bodyType === 'form'],
    ];
    for (const [part, schema, wire] of parts) {
      if (!schema) continue;
      for (const { path, key } of wire ? wirePositions(schema) : stringPositions(schema)) {
        // Union options that share a field (the kinds of a search parameter all have a name) count once.
        fields.set(JSON.stringify([endpoint, part, path, key]), { endpoint, part, path, key });
      }
    }
  }
  return [...fields.values()];
}
