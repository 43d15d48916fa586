/**
 * The OpenAPI 3.1 generator of `/api/v1`: route declarations in, document out. Each route declares its
 * summary, access level, params, query, body (one schema, or one per kind of caller), success status and
 * answer, and its failures (lib/server/http.ts `route()`); app/api/v1/openapi.json/route.ts gathers the
 * declarations of every route module and serves the document built here. Schemas become JSON Schema with
 * zod 4's own converter, so the document states exactly what the handlers validate; every failure answers
 * `{ error: { code, message } }` with a Spanish message.
 */
import { z } from 'zod';
import type { Access } from '@/lib/domain/roles';
import { ZApiErrorBody } from './dto';

export type Method = 'get' | 'post' | 'patch' | 'put' | 'delete';


/** One operation as a route declares it, with every failure it may answer (status → description). */
export type OperationDeclaration = {
  summary: string;
  access: Access;
  params?: z.ZodType;
  query?: z.ZodType;
  /** Request headers (an object schema with lower-case names). */
  headers?: z.ZodType;
  /** The request body: one schema, or one per kind of caller (`{ client, staff }`), documented as `oneOf`. */
  body?: z.ZodType | Readonly<Record<string, z.ZodType>>;
  /** Success status; its answer (none for redirects and 204). */
  status: number;
  response?: z.ZodType;
  failures: Readonly<Record<number, string>>;
};

/** One operation of the document: method, OpenAPI path (`{param}` segments) and declaration. */
export type DocumentedOperation = { method: Method; path: string; operation: OperationDeclaration };

/** The schedule-conflict failure: pending appointments a schedule change would leave outside working hours. */
export const SCHEDULE_CONFLICT =
  'schedule_conflict: pending appointments would fall outside working hours (details.appointments); resend with force (true) to keep the change';
/** The stale-save failure of the versioned PATCHes. */
export const STALE_VERSION =
  'conflict: the version sent is not the current one (someone saved meanwhile); details.current is the resource now, nothing was saved';

const ACCESS_TEXT: Record<Access, string> = {
  public: 'No session needed.',
  user: 'Any signed-in user of the tenant (ownership checked).',
  client: 'Clients only.',
  staff: 'Staff (employee or admin).',
  admin: 'Admin only.',
};

/** A zod schema as JSON Schema, without the `$schema` dialect line (the document declares it once). */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { io, target: 'draft-2020-12', unrepresentable: 'any' }) as Record<string, unknown>;
  delete json.$schema;
  return json;
}

/** The JSON Schema of a declared request body: the schema, or `oneOf` the per-kind schemas (each titled by kind). */
export function bodySchemaOf(body: NonNullable<OperationDeclaration['body']>): Record<string, unknown> {
  if (body instanceof z.ZodType) return jsonSchemaOf(body, 'input');
  return { oneOf: Object.entries(body).map(([kind, schema]) => ({ title: kind, ...jsonSchemaOf(schema, 'input') })) };
}

/** The path, query and header parameters of an operation, from the properties of its params, query and headers objects. */
function parameters(op: OperationDeclaration): unknown[] {
  const out: unknown[] = [];
  for (const [place, schema] of [
    ['path', op.params],
    ['query', op.query],
    ['header', op.headers],
  ] as const) {
    if (!schema) continue;
    const json = jsonSchemaOf(schema, 'input') as { properties?: Record<string, unknown>; required?: string[] };
    for (const [name, property] of Object.entries(json.properties ?? {})) {
      out.push({ name, in: place, required: place === 'path' || (json.required?.includes(name) ?? false), schema: property });
    }
  }
  return out;
}

/** `get` `/api/v1/users/{email}/phone/code` → `getUsersEmailPhoneCode`. */
function operationId(method: Method, path: string): string {
  const rest = path.replace(/^\/api\/v1/, '').replace(/[{}]/g, '');
  return `${method}${rest.replace(/[^a-zA-Z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`;
}

/**
 * Builds the OpenAPI 3.1 document from route declarations: per operation its summary, access (as text in
 * `description` and as `x-access`), parameters, request body, success answer, and one error answer per
 * declared failure status plus 500.
 */
export function openApiDocument(operations: readonly DocumentedOperation[]): Record<string, unknown> {
  const errorBody = { content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
  const paths: Record<string, Record<string, unknown>> = {};
  for (const { method, path, operation: op } of operations) {
    const responses: Record<string, unknown> = {
      [op.status]: op.response
        ? { description: 'Success', content: { 'application/json': { schema: jsonSchemaOf(op.response, 'output') } } }
        : { description: 'Success' },
    };
    for (const [status, description] of Object.entries(op.failures)) responses[status] = { description, ...errorBody };
    responses['500'] = { description: 'internal: unexpected failure (logged with the request id in error.request_id)', ...errorBody };
    const operation: Record<string, unknown> = {
      operationId: operationId(method, path),
      summary: op.summary,
      description: ACCESS_TEXT[op.access],
      'x-access': op.access,
      parameters: parameters(op),
      responses,
    };
    if (op.access !== 'public') operation.security = [{ session: [] }];
    if (op.body) operation.requestBody = { required: true, content: { 'application/json': { schema: bodySchemaOf(op.body) } } };
    paths[path] = { ...(paths[path] ?? {}), [method]: operation };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Klok API',
      version: '1',
      description:
        'Appointment booking for hair salons (one business per host). Prices in euros, durations in minutes, ' +
        'instants UTC ISO 8601, dates YYYY-MM-DD in Europe/Madrid. Messages are Spanish.',
    },
    paths,
    components: {
      schemas: { Error: jsonSchemaOf(ZApiErrorBody, 'output') },
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'klok_session' } },
    },
  };
}
