import { monogramSvg } from '@/lib/domain/monogram';
import { findTenant } from '@/lib/server/tenancy';
import { ZTenantSlug } from '@/lib/validation/staff';

/**
 * `GET /tenants/{slug}/logo.svg`: the generated logo (initials on the salon's colour, `monogramSvg`) of a
 * salon with no logo file of its own. A salon's own file in public/tenants/{slug}/ is served in its place
 * (Next.js serves public files before dynamic routes). 404 for an unknown slug. The SVG may run nothing:
 * its policy forbids every load and script.
 */
export async function GET(_req: Request, { params }: { params: Promise<{ slug: string }> }): Promise<Response> {
  const { slug } = await params;
  const parsed = ZTenantSlug.safeParse(slug);
  const tenant = parsed.success && parsed.data === slug ? await findTenant(slug) : null;
  if (!tenant) return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  return new Response(monogramSvg(tenant.name, tenant.slug), {
    headers: {
      'Content-Type': 'image/svg+xml; charset=utf-8',
      'Cache-Control': 'public, max-age=300',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
