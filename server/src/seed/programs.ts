// The demo brand's partner program: its program page (/programs/demo-outfitters, with a logo-less
// header, a description and two questions), an "Ambassadors" campaign advocates apply to, and one
// pending application from the demo advocate, so the brand's Applications screen has one to
// decide and the advocate sees it waiting.
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { newCampaignPublicId } from '../features/campaigns/public-id.js';

export const DEMO_PROGRAM_SLUG = 'demo-outfitters';

const QUESTIONS = [
  { id: 'audience', label: 'Where do you share outdoor gear?', type: 'text', required: true },
  {
    id: 'followers',
    label: 'How many people follow you?',
    type: 'choice',
    required: false,
    options: ['Under 1,000', '1,000 to 10,000', 'Over 10,000'],
  },
];

export async function seedDemoProgram(
  db: Database,
  brandId: number,
  applicantId: number,
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  await db.execute(sql`
    update brands set slug = ${DEMO_PROGRAM_SLUG},
      application_questions = ${JSON.stringify(QUESTIONS)}::jsonb
    where id = ${brandId}::integer`);
  const campaign = (await db.execute(sql`
    insert into campaigns (public_id, brand_id, title, category, description, status, commission_type,
      commission_value, product_url, join_mode, created_at, updated_at)
    values (${newCampaignPublicId()}, ${brandId}::integer, 'Ambassadors', 'Outdoor',
      'Our ambassadors program: 15% of every sale, for advocates we approve.', 'active',
      'percentage', 15, 'https://outfitters.example.com', 'application',
      ${at}::timestamptz, ${at}::timestamptz)
    returning id`)) as unknown as { rows: { id: number }[] };
  const campaignId = campaign.rows[0]!.id;
  await db.execute(sql`
    insert into campaign_applications (brand_id, campaign_id, advocate_id, status, answers, created_at)
    values (${brandId}::integer, ${campaignId}::integer, ${applicantId}::integer, 'pending',
      ${JSON.stringify([
        { question_id: 'audience', answer: 'A hiking channel and a weekly newsletter' },
        { question_id: 'followers', answer: '1,000 to 10,000' },
      ])}::jsonb, ${at}::timestamptz)`);
}
