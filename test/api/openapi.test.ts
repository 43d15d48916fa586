/**
 * The OpenAPI document covers the whole API: every `route.ts` under app/api/v1 and each HTTP method it
 * exports appears in `GET /api/v1/openapi.json`, and the document is a valid OpenAPI 3.1 document.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { GET } from '@/app/api/v1/openapi.json/route';
import { call, closeTestDb, openTestDb } from './harness';
import { DB_TIMEOUT } from './fixtures';

const API_ROOT = path.join(__dirname, '../../app/api/v1');
const METHODS = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'] as const;

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return routeFiles(full);
    return name === 'route.ts' ? [full] : [];
  });
}

/** `app/api/v1/users/[email]/route.ts` → `/api/v1/users/{email}`. */
function openApiPath(file: string): string {
  const rel = path.relative(API_ROOT, path.dirname(file)).split(path.sep).join('/');
  return `/api/v1${rel ? `/${rel}` : ''}`.replace(/\[([^\]]+)\]/g, '{$1}');
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- an arbitrary JSON document
let doc: any;

beforeAll(async () => {
  await openTestDb();
  const res = await call(GET, { path: '/api/v1/openapi.json' });
  expect(res.status).toBe(200);
  doc = res.body;
}, DB_TIMEOUT);
afterAll(closeTestDb);

test('the document is valid OpenAPI 3.1', async () => {
  expect(doc.openapi).toBe('3.1.0');
  await expect(SwaggerParser.validate(structuredClone(doc))).resolves.toBeTruthy();
});

const files = routeFiles(API_ROOT);

test('finds the route files', () => {
  expect(files.length).toBeGreaterThan(20);
});

test.each(files.map((f) => [openApiPath(f), f]))('%s: every exported method is documented', async (apiPath, file) => {
  const mod = (await import(file)) as Record<string, unknown>;
  const exported = METHODS.filter((m) => typeof mod[m] === 'function');
  expect(exported.length).toBeGreaterThan(0);
  const documented = Object.keys(doc.paths[apiPath] ?? {}).map((m) => m.toUpperCase());
  expect(documented.sort()).toEqual([...exported].sort());
});

test('every documented path has a route', () => {
  const served = new Set(files.map(openApiPath));
  expect(Object.keys(doc.paths).filter((p) => !served.has(p))).toEqual([]);
});

test('request and response schemas come from the contract', () => {
  const create = doc.paths['/api/v1/facility/{facilityId}/services'].post;
  const body = create.requestBody.content['application/json'].schema;
  expect(body.required).toEqual(expect.arrayContaining(['name', 'description', 'price', 'duration', 'busy_slots', 'employees']));
  const answer = create.responses['201'].content['application/json'].schema;
  expect(Object.keys(answer.properties.data.properties)).toEqual(
    expect.arrayContaining(['id', 'name', 'price', 'duration', 'busy_slots', 'employees']),
  );
});
