import 'server-only';
import type { Db } from '@/lib/server/db/client';
import { activities, users } from '@/lib/server/db/schema';
import { ApiError, isUniqueViolation } from '@/lib/server/errors';
import { errorMessage } from '@/lib/server/messages';
import { salonOf } from '@/lib/server/notifications/appointment-emails';
import { queueEmail } from '@/lib/server/notifications/outbox';
import { clientInvitationEmail } from '@/lib/server/notifications/templates';
import { findUserByEmail, toUserDto, type UserDto } from '@/lib/server/repositories/users';

/**
 * Invites a client by e-mail (`POST /users`, staff; spec sections 2 "Añadir cliente" and 7).
 * In one transaction: the account (role client, allowance 1, no name yet — the first sign-in fills it
 * from the identity provider, and staff may set it meanwhile; onboarding still to do), a `user_created`
 * activity `{ name: '', email }`, and the invitation e-mail in the outbox (Spanish, from es.json
 * `emails.invite*`, text and HTML with the salon's name, address and phone, and the sign-in link `{origin}/login` of the tenant's host).
 *
 * `email` is already trimmed and lower-cased by the contract; `origin` is the request's public origin
 * (e.g. `https://klok.example.com`); `now` is the request's instant (epoch ms). Returns the new user (201).
 * Errors: 409 `conflict` when the e-mail already has an account in this tenant — a client or the guest
 * (`clientExists`), a staff member (`notAClient`) — also when two invitations race (the unique index
 * `users_tenant_email` decides; the loser gets 409, never 500).
 */
export async function inviteClient(db: Db, tenantId: number, email: string, origin: string, now: number): Promise<UserDto> {
  const existing = await findUserByEmail(db, tenantId, email);
  if (existing) throw duplicate(existing.role);
  let created;
  try {
    created = await db.transaction(async (tx) => {
      const [row] = await tx.insert(users).values({ tenantId, email, name: '', role: 'client' }).onConflictDoNothing().returning();
      if (!row) {
        const other = await findUserByEmail(tx, tenantId, email);
        throw duplicate(other?.role ?? 'client');
      }
      await tx.insert(activities).values({ tenantId, type: 'user_created', data: { name: row.name, email: row.email } });
      const mail = clientInvitationEmail({ salon: await salonOf(tx, tenantId, 1), email: row.email, origin });
      await queueEmail(tx, tenantId, { to: row.email, ...mail });
      return row;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate('client');
    throw err;
  }
  return toUserDto(db, created, new Date(now));
}

function duplicate(role: string): ApiError {
  return new ApiError('conflict', errorMessage(role === 'client' ? 'clientExists' : 'notAClient'));
}
