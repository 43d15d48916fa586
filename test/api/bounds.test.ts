/**
 * Every request of the contract is bounded: each string of every documented path param, query
 * and body has a maximum length (or is an enum, a constant or a UUID), each array a maximum number of
 * items, and each integer a maximum that fits a PostgreSQL `integer` — so no input is unbounded and no id
 * can overflow a query. Checked on the JSON Schema of every route's declared params, query and body (each
 * kind's schema for a body declared per kind of caller).
 */
import { z } from 'zod';
import { ROUTE_MODULES } from '@/app/api/v1/operations';
import { documentRoutes } from '@/lib/server/http';
import { MAX_INT_ID } from '@/lib/validation/common';

type Json = Record<string, unknown>;

/**
 * Integers bounded by a refinement rather than by `.max()` (their messages and paths are part of the form
 * contract): a service's duration and busy parts never reach the database unless within 0–295 minutes.
 */
const REFINED_INTEGERS = new Set(['duration', 'startMinutes', 'endMinutes']);

/** The unbounded nodes of a JSON Schema, as `path: reason`. */
function unbounded(schema: Json, path: string, key = ''): string[] {
  const out: string[] = [];
  const type = schema.type;
  const fixed = schema.enum !== undefined || schema.const !== undefined;
  if (type === 'string' && !fixed && schema.maxLength === undefined && schema.format !== 'uuid') out.push(`${path}: string without maxLength`);
  if (type === 'array' && schema.maxItems === undefined) out.push(`${path}: array without maxItems`);
  if (type === 'integer' && !fixed && !REFINED_INTEGERS.has(key)) {
    const max = schema.maximum as number | undefined;
    if (max === undefined || max > MAX_INT_ID) out.push(`${path}: integer maximum ${max}`);
  }
  for (const [name, sub] of Object.entries((schema.properties ?? {}) as Record<string, Json>)) out.push(...unbounded(sub, `${path}.${name}`, name));
  if (schema.items && typeof schema.items === 'object') out.push(...unbounded(schema.items as Json, `${path}[]`, key));
  for (const combinator of ['anyOf', 'oneOf', 'allOf'] as const) {
    ((schema[combinator] ?? []) as Json[]).forEach((sub, i) => out.push(...unbounded(sub, `${path}|${i}`, key)));
  }
  return out;
}

const toJson = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json;

const operations = documentRoutes(ROUTE_MODULES);

test.each(operations.map(({ method, path, operation }) => [`${method.toUpperCase()} ${path}`, operation] as const))('%s: every input is bounded', (_name, op) => {
  const problems: string[] = [];
  if (op.params) problems.push(...unbounded(toJson(op.params), 'params'));
  if (op.query) problems.push(...unbounded(toJson(op.query), 'query'));
  const bodies = op.body instanceof z.ZodType ? { body: op.body } : (op.body ?? {});
  for (const [kind, schema] of Object.entries(bodies)) problems.push(...unbounded(toJson(schema), kind));
  expect(problems).toEqual([]);
});

test('the checker finds unbounded strings, arrays and integers', () => {
  const loose = z.object({ s: z.string(), a: z.array(z.boolean()).max(2), n: z.number().int(), ok: z.enum(['a']) });
  expect(unbounded(toJson(loose), 'body')).toEqual([
    'body.s: string without maxLength',
    'body.n: integer maximum 9007199254740991',
  ]);
});
