/**
 * The local OpenID Connect provider (oidc-provider) that stands in for Google when no Google client is
 * configured, so the same authorization-code + PKCE flow runs offline. Its sign-in page (Spanish) lists
 * the demo accounts and accepts any other e-mail, which it reports as verified.
 * Development and tests only: `scripts/start.ts` never starts it under NODE_ENV=production unless
 * DEV_OIDC=1.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import Provider from 'oidc-provider';
import { DEMO_ACCOUNTS } from '../lib/demo-accounts';

export type DevOidcOptions = {
  port: number;
  clientId: string;
  clientSecret: string;
  /** Exact redirect URIs the app may use (one per tenant host). */
  redirectUris: string[];
};

/** A person's names as the provider sends them: `name`, `given_name` and `family_name` (OIDC standard claims). */
type Names = { name: string; given: string; family: string };

/**
 * The names of a full name, as Google sends them: the given name is the first word and the family name the
 * rest, unless the family name is given (the "Apellidos" field): then it is where the name ends with it,
 * and the rest is the given name ("María José Pérez Gil" + "Pérez Gil" → María José / Pérez Gil).
 */
export function namesOf(fullName: string, familyName = ''): Names {
  const name = fullName.trim().replace(/\s+/g, ' ');
  const family = familyName.trim().replace(/\s+/g, ' ');
  if (family) {
    const given = name.toLowerCase().endsWith(` ${family.toLowerCase()}`) ? name.slice(0, -family.length - 1) : name;
    return { name: given ? `${given} ${family}` : family, given, family };
  }
  const [given = '', ...rest] = name ? name.split(' ') : [];
  return { name, given, family: rest.join(' ') };
}

const names = new Map<string, Names>(Object.values(DEMO_ACCOUNTS).map((a) => [a.email, namesOf(a.name)]));

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(uid: string, error = ''): string {
  const demo = Object.values(DEMO_ACCOUNTS)
    .map(
      (a) => `<form method="post" action="/interaction/${uid}/login">
  <input type="hidden" name="email" value="${a.email}"><input type="hidden" name="name" value="${escapeHtml(a.name)}">
  <button type="submit">${escapeHtml(a.name)} <small>${a.label} · ${a.email}</small></button></form>`,
    )
    .join('\n');
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Proveedor de identidad local</title>
<style>body{font-family:system-ui,sans-serif;max-width:26rem;margin:2rem auto;padding:0 1rem;color:#222}
button{display:block;width:100%;padding:.8rem;margin:.4rem 0;border:1px solid #ccc;border-radius:.6rem;background:#fff;text-align:left;font-size:1rem}
button small{display:block;color:#666}input{width:100%;padding:.7rem;margin:.3rem 0;border:1px solid #ccc;border-radius:.5rem;box-sizing:border-box;font-size:1rem}
.err{color:#b00020}</style></head><body>
<h1>Iniciar sesión</h1><p>Proveedor de identidad local de Klok (modo demostración).</p>
${error ? `<p class="err" role="alert">${escapeHtml(error)}</p>` : ''}
<h2>Cuentas de demostración</h2>${demo}
<h2>Otra cuenta</h2>
<form method="post" action="/interaction/${uid}/login">
<label>Correo electrónico<input name="email" type="email" required autocomplete="email"></label>
<label>Nombre<input name="name" autocomplete="name"></label>
<label>Apellidos (opcional)<input name="family_name" autocomplete="family-name"></label>
<button type="submit">Continuar</button></form></body></html>`;
}

async function readForm(req: http.IncomingMessage): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of req) {
    body += chunk;
    if (body.length > 10_000) break;
  }
  return new URLSearchParams(body);
}

/** Starts the provider; resolves with its issuer URL and a `close()`. */
export async function startDevOidc(opts: DevOidcOptions): Promise<{ issuer: string; close: () => Promise<void> }> {
  const issuer = `http://127.0.0.1:${opts.port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: opts.clientId,
        client_secret: opts.clientSecret,
        redirect_uris: opts.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    pkce: { required: () => true },
    ttl: { AccessToken: 3600, AuthorizationCode: 60, IdToken: 3600, Interaction: 600, Session: 86_400, Grant: 86_400 },
    conformIdTokenClaims: false,
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name'] },
    features: { devInteractions: { enabled: false } },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx: unknown, sub: string) {
      return {
        accountId: sub,
        async claims() {
          const n = names.get(sub) ?? namesOf(sub.split('@')[0]!);
          return {
            sub,
            email: sub,
            email_verified: true,
            name: n.name,
            ...(n.given && { given_name: n.given }),
            ...(n.family && { family_name: n.family }),
          };
        },
      };
    },
    async renderError(ctx: { type: string; body: string }, out: Record<string, string>) {
      ctx.type = 'html';
      ctx.body = `<!doctype html><html lang="es"><body><h1>Error</h1><pre>${escapeHtml(JSON.stringify(out))}</pre></body></html>`;
    },
  });
  const callback = provider.callback();
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    const m = /^\/interaction\/([\w-]+)(\/login)?$/.exec(url.pathname);
    if (!m) return callback(req, res);
    try {
      const details = await provider.interactionDetails(req, res);
      if (!m[2]) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
        return res.end(page(details.uid));
      }
      const form = await readForm(req);
      const email = (form.get('email') ?? '').trim().toLowerCase();
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
        res.writeHead(400, { 'content-type': 'text/html; charset=utf-8' });
        return res.end(page(details.uid, 'Introduce un correo electrónico válido.'));
      }
      const name = (form.get('name') ?? '').trim();
      if (name) names.set(email, namesOf(name, form.get('family_name') ?? ''));
      const grant = new provider.Grant({ accountId: email, clientId: String(details.params.client_id) });
      grant.addOIDCScope('openid email profile');
      const grantId = await grant.save();
      await provider.interactionFinished(req, res, { login: { accountId: email }, consent: { grantId } }, { mergeWithLastSubmission: false });
    } catch (err) {
      res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(`Error: ${err instanceof Error ? err.message : String(err)}`);
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, '127.0.0.1', resolve);
  });
  return { issuer, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** Redirect URIs for the given hosts (`localhost`, `klok.localhost`, …) on the app's port. */
export function redirectUrisFor(hosts: string[], appPort: number): string[] {
  return hosts.map((h) => `http://${h}:${appPort}/api/v1/auth/google/callback`);
}
