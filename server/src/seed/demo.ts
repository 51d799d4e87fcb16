// Demo accounts, created by `npm run seed -w server` and on the first start with an empty
// database. Idempotent: existing accounts are left as they are (passwords included).
import type { Database } from '../db/client.js';
import { hashPassword } from '../lib/password.js';
import { grantRole } from '../features/roles/repository.js';
import type { RoleCode } from '../features/roles/roles.js';
import { createUser, findUserByEmail } from '../features/users/repository.js';
import { count } from 'drizzle-orm';
import { users } from '../db/schema.js';

export interface DemoAccount {
  email: string;
  password: string;
  username: string;
  roles: readonly RoleCode[];
  isStaff: boolean;
  /** What the account is for, for the start banner. */
  label: string;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    email: 'brand@demo.test',
    password: 'Brand123!',
    username: 'demo_brand',
    roles: ['brand_owner'],
    isStaff: false,
    label: 'Brand Owner',
  },
  {
    email: 'advocate@demo.test',
    password: 'Advocate123!',
    username: 'demo_advocate',
    roles: ['advocate'],
    isStaff: false,
    label: 'Advocate',
  },
  {
    email: 'both@demo.test',
    password: 'Both1234!',
    username: 'demo_both',
    roles: ['brand_owner', 'advocate'],
    isStaff: false,
    label: 'Brand Owner + Advocate',
  },
  {
    email: 'admin@demo.test',
    password: 'Admin123!',
    username: 'demo_admin',
    roles: [],
    isStaff: true,
    label: 'Admin (staff)',
  },
];

/** Creates missing demo accounts; returns the emails it created. */
export async function seedDemoData(db: Database, now: Date = new Date()): Promise<string[]> {
  const created: string[] = [];
  for (const account of DEMO_ACCOUNTS) {
    let user = await findUserByEmail(db, account.email);
    if (!user) {
      user = await createUser(db, {
        email: account.email,
        username: account.username,
        passwordHash: await hashPassword(account.password),
        isStaff: account.isStaff,
        verifiedAt: now,
      });
      // A concurrent seeder won the race: fine, the account exists.
      user ??= await findUserByEmail(db, account.email);
      if (user) created.push(account.email);
    }
    if (!user) continue;
    for (const role of account.roles) await grantRole(db, user.id, role);
  }
  return created;
}

export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return (row?.n ?? 0) === 0;
}
