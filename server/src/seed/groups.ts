// The demo brand's groups: "Standard" (its default group: the campaign's rules) and "Gold" (20%,
// a 14-day hold, its own discount text, a conditional rule for French buyers, and an automatic
// rule for advocates with 10 conversions in 90 days), with the Brand Owner + Advocate account in
// Gold and the Advocate account in Standard.
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { defaultGroup } from '../features/groups/index.js';

export async function seedDemoGroups(db: Database, brandId: number, now: Date): Promise<void> {
  const standard = await defaultGroup(db, brandId, now);
  await db.execute(
    sql`update advocate_groups set name = 'Standard' where id = ${standard.id}::integer`,
  );
  const rules = [
    {
      conditions: { countries: ['FR'] },
      commission_type: 'percentage',
      commission_value: 25,
    },
  ];
  await db.execute(sql`
    insert into advocate_groups (brand_id, name, commission_type, commission_value, reward_rules,
      hold_days, discount_text, auto_rule, rank, created_at, updated_at)
    values (${brandId}::integer, 'Gold', 'percentage', 20, ${JSON.stringify(rules)}::jsonb, 14,
      '15% off your first order with my code', ${JSON.stringify({ min_conversions: 10 })}::jsonb, 1,
      ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
    on conflict do nothing`);
  await db.execute(sql`
    insert into advocate_group_members (brand_id, advocate_id, group_id, moved_at)
    select ${brandId}::integer, u.id, g.id, ${now.toISOString()}::timestamptz
    from users u join advocate_groups g on g.brand_id = ${brandId}::integer and g.name = 'Gold'
    where u.email = 'both@demo.test'
      and exists (select 1 from campaign_joins j join campaigns c on c.id = j.campaign_id
        where c.brand_id = ${brandId}::integer and j.advocate_id = u.id)
    on conflict do nothing`);
}
