import { route } from '@/lib/server/http';
import { openApiDocument } from '@/lib/validation/openapi';

let cached: Record<string, unknown> | null = null;

/**
 * `GET /api/v1/openapi.json`: the OpenAPI 3.1 document of `/api/v1`, generated from the zod contract
 * (lib/validation). Public; built once per process.
 */
export const GET = route({ access: 'public' }, async () => {
  cached ??= openApiDocument();
  return { json: cached };
});
