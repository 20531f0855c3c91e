import * as z from 'zod/mini';
import { API_PREFIX, endpoints, type EndpointDef } from './endpoints.ts';
import { ErrorBody, STATUS_TEXTS, ValidationErrorBody } from './common.ts';

type JsonSchema = Record<string, unknown>;

const schema = (s: z.core.$ZodType, io: 'input' | 'output'): JsonSchema =>
  z.toJSONSchema(s, { io, unrepresentable: 'any', target: 'openapi-3.0' }) as JsonSchema;

function parameters(def: EndpointDef): JsonSchema[] {
  const out: JsonSchema[] = [];
  const add = (where: 'path' | 'query', obj: z.core.$ZodType | undefined) => {
    if (!obj) return;
    const js = schema(obj, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, prop] of Object.entries(js.properties ?? {}))
      out.push({ name, in: where, required: where === 'path' || (js.required ?? []).includes(name), schema: prop });
  };
  add('path', def.params);
  add('query', def.query);
  return out;
}

/** The OpenAPI 3.0 document of the whole API, generated from the endpoint table. */
export function buildOpenApi(origin = ''): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const [operationId, def] of Object.entries(endpoints) as [string, EndpointDef][]) {
    const responses: Record<string, JsonSchema> = {
      '200': { description: 'OK', content: { 'application/json': { schema: schema(def.response, 'output') } } },
    };
    const errors = new Set<number>([...(def.errors ?? []), ...(def.body || def.query || def.params ? [422] : [])]);
    if (def.auth === 'bearer') errors.add(401);
    for (const status of [...errors].sort()) {
      const body = status === 422 ? ValidationErrorBody : ErrorBody;
      responses[String(status)] = {
        description: status === 422 ? 'Validation Error' : (STATUS_TEXTS[status] ?? 'Error'),
        content: { 'application/json': { schema: schema(body, 'output') } },
      };
    }
    const op: JsonSchema = {
      operationId,
      summary: def.summary,
      tags: [def.group],
      parameters: parameters(def),
      responses,
      ...(def.auth === 'bearer' ? { security: [{ bearer: [] }] } : {}),
    };
    if (def.body) {
      const type = def.bodyType === 'form' ? 'application/x-www-form-urlencoded' : 'application/json';
      op.requestBody = { required: true, content: { [type]: { schema: schema(def.body, 'input') } } };
    }
    (paths[def.path] ??= {})[def.method.toLowerCase()] = op;
  }
  return {
    openapi: '3.0.3',
    info: { title: 'MakoOptimize API', version: '1' },
    servers: [{ url: `${origin}${API_PREFIX}` }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    paths,
  };
}
