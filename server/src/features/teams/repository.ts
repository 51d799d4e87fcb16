// Brand members and invitations. Changes that could leave a brand without an owner run under a
// lock on the brand's row, so two of them (two owners leaving at once) cannot both pass the check.
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { BrandRole } from 'contract/teams';
import type { Database } from '../../db/client.js';
import {
  brandInvitations,
  brandMembers,
  brands,
  users,
  type BrandInvitationRow,
} from '../../db/schema.js';
import type { Tx } from '../../lib/sql.js';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface MemberRow {
  userId: number;
  username: string;
  email: string;
  role: BrandRole;
}

export async function listMembers(
  db: Database | Transaction,
  brandId: number,
): Promise<MemberRow[]> {
  return db
    .select({
      userId: brandMembers.userId,
      username: users.username,
      email: users.email,
      role: brandMembers.role,
    })
    .from(brandMembers)
    .innerJoin(users, eq(users.id, brandMembers.userId))
    .where(eq(brandMembers.brandId, brandId))
    .orderBy(
      sql`array_position(array['owner','admin','finance','analyst'], ${brandMembers.role})`,
      asc(brandMembers.joinedAt),
      asc(brandMembers.userId),
    );
}

export async function findMember(
  db: Database | Transaction,
  brandId: number,
  userId: number,
): Promise<MemberRow | undefined> {
  const [row] = (await listMembers(db, brandId)).filter((m) => m.userId === userId);
  return row;
}

/** Pending invitations: neither accepted nor expired at `now`. */
export async function listPendingInvitations(
  db: Database,
  brandId: number,
  now: Date,
): Promise<BrandInvitationRow[]> {
  return db
    .select()
    .from(brandInvitations)
    .where(
      and(
        eq(brandInvitations.brandId, brandId),
        isNull(brandInvitations.acceptedAt),
        gt(brandInvitations.expiresAt, now),
      ),
    )
    .orderBy(asc(brandInvitations.createdAt), asc(brandInvitations.id));
}

/** Locks the brand's row for the rest of the transaction (member changes of one brand in turn). */
export async function lockBrand(tx: Tx, brandId: number): Promise<void> {
  await tx.execute(sql`select id from ${brands} where ${brands.id} = ${brandId} for update`);
}

/** How many owners the brand has (in the transaction, after lockBrand). */
export async function ownerCount(tx: Transaction, brandId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(brandMembers)
    .where(and(eq(brandMembers.brandId, brandId), eq(brandMembers.role, 'owner')));
  return row?.n ?? 0;
}
