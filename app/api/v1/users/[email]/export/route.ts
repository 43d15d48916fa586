import { NextResponse } from 'next/server';
import { getDb } from '@/lib/server/db/client';
import { route } from '@/lib/server/http';
import { exportClient, exportFileName } from '@/lib/server/services/export-client';
import { dataOf, ZClientExport } from '@/lib/validation/dto';
import { ZUserParams } from '@/lib/validation/users';

/**
 * `GET /api/v1/users/{email}/export` (admin only; the privacy policy's right of access) → 200
 * `{ data: ClientExport }` as a JSON download (`content-disposition: attachment;
 * filename="cliente-<e-mail>.json"`, not cached). 403 for employees, 404 unknown, 422 the guest or a
 * staff account. See `exportClient`.
 */
export const GET = route(
  {
    summary:
      'A client’s data as a JSON download (admin): profile, sub-users, appointments, activities, messages, phone verifications and sessions (tokens masked)',
    access: 'admin',
    params: ZUserParams,
    response: dataOf(ZClientExport),
    errors: { 422: 'the guest or a staff account' },
  },
  async ({ tenant, params, now }) => {
    const exported = await exportClient(await getDb(), tenant.id, params.email, now);
    return NextResponse.json(
      { data: exported },
      {
        status: 200,
        headers: {
          'content-disposition': `attachment; filename="${exportFileName(params.email)}"`,
          'cache-control': 'no-store',
        },
      },
    );
  },
);
