import { documentRoutes, route, type RouteHandler } from '@/lib/server/http';
import { openApiDocument } from '@/lib/validation/openapi';
import { ROUTE_MODULES } from '../operations';

let cached: Record<string, unknown> | null = null;

/**
 * `GET /api/v1/openapi.json`: the OpenAPI 3.1 document of `/api/v1`, generated from the declarations of
 * the route modules (app/api/v1/operations.ts) and this one. Public; built once per process.
 */
export const GET: RouteHandler = route({ summary: 'This document', access: 'public' }, async () => {
  cached ??= openApiDocument(documentRoutes({ ...ROUTE_MODULES, '/api/v1/openapi.json': { GET } }));
  return { json: cached };
});
