// One commission's story for the brand's review: the click, the conversion, the payment
// provider's events, the fraud rules it matched (with their evidence), and every move of its
// reward (holds, decisions, payouts) with who made it. Read from the tables that already keep
// each of these; nothing is written twice for it.
import { sql } from 'drizzle-orm';
import { WEBHOOK_PROVIDER_SETUP, WEBHOOK_PROVIDERS, type TimelineEntry } from 'contract';
import { rowsOf, type Tx } from '../../lib/sql.js';
import type { RewardStatus } from '../../db/schema.js';
import { reasonsOf } from './repository.js';

interface Subject {
  conversion_id: number;
  reward_id: number;
  click_id: string | null;
  created_at: string | Date;
  advocate_id: number;
  visitor_hash: string | null;
  client_hash: string | null;
  reported_with: string;
  event_type: string;
  value: string;
  currency: string;
  hold_reasons: string[] | string | null;
}

const iso = (value: string | Date) => new Date(value).toISOString();

/** The billing providers as people read them (their events and their conversions' reporter). */
const PROVIDER_LABEL: Record<string, string> = {
  stripe: 'Stripe',
  ...Object.fromEntries(WEBHOOK_PROVIDERS.map((p) => [p, WEBHOOK_PROVIDER_SETUP[p].label])),
};

const VERB: Record<RewardStatus, string> = {
  pending: 'On the hold clock',
  approved: 'Approved',
  paid: 'Paid',
  rejected: 'Rejected',
  held: 'Held for review',
};

/** The evidence behind a rule, as far as the stored facts show it. */
async function evidenceOf(db: Tx, rule: string, s: Subject, click: ClickFacts | undefined) {
  const at = iso(s.created_at);
  switch (rule) {
    case 'publishable_key':
      return 'Reported by a shop page with the brand’s publishable key';
    case 'visitor_velocity': {
      if (!s.visitor_hash) return null;
      const [row] = await rowsOf<{ n: string }>(
        db,
        sql`select count(*) as n from conversions where visitor_hash = ${s.visitor_hash}::varchar
          and advocate_id = ${s.advocate_id}::integer
          and created_at > ${at}::timestamptz - interval '1 day' and created_at <= ${at}::timestamptz`,
      );
      return `${row?.n ?? 0} conversions by this visitor for this advocate in the 24 hours to this one`;
    }
    case 'address_velocity': {
      if (!s.client_hash) return null;
      const [row] = await rowsOf<{ n: string }>(
        db,
        sql`select count(*) as n from conversions where client_hash = ${s.client_hash}::varchar
          and created_at > ${at}::timestamptz - interval '1 hour' and created_at <= ${at}::timestamptz`,
      );
      return `${row?.n ?? 0} browser reports from this address in the hour to this one`;
    }
    case 'paid_ads':
      return click?.referrer_host ? `The click came from ${click.referrer_host}` : null;
    default:
      return null;
  }
}

interface ClickFacts {
  created_at: string | Date;
  source: string;
  referrer_host: string | null;
  device: string;
}

/** The timeline of the brand's conversion `conversionId`, oldest first; undefined if not the brand's. */
export async function commissionTimeline(
  db: Tx,
  brandId: number,
  conversionId: number,
): Promise<TimelineEntry[] | undefined> {
  const [subject] = await rowsOf<Subject>(
    db,
    sql`select c.id as conversion_id, r.id as reward_id, c.click_id, c.created_at, c.advocate_id,
        c.visitor_hash, c.client_hash, c.reported_with, c.event_type, c.value::text as value,
        c.currency, r.hold_reasons
      from conversions c join rewards r on r.conversion_id = c.id and r.kind = 'reward'
      where c.id = ${conversionId}::integer and c.brand_id = ${brandId}::integer`,
  );
  if (!subject) return undefined;
  const entries: TimelineEntry[] = [];

  const [click] = subject.click_id
    ? await rowsOf<ClickFacts>(
        db,
        sql`select created_at, source, referrer_host, device from clicks
          where click_id = ${subject.click_id}::varchar limit 1`,
      )
    : [];
  if (click)
    entries.push({
      at: iso(click.created_at),
      kind: 'click',
      title: `Click on the advocate's link (${click.source}, ${click.device})`,
      detail: click.referrer_host ? `From ${click.referrer_host}` : null,
      actor: null,
    });

  const reporter: Record<string, string> = {
    secret: 'the shop’s server (secret key)',
    publishable: 'a shop page (publishable key)',
    user: 'a brand member',
    ...PROVIDER_LABEL,
  };
  entries.push({
    at: iso(subject.created_at),
    kind: 'conversion',
    title: `Conversion (${subject.event_type.replace(/_/g, ' ')}) of ${subject.value} ${subject.currency} reported by ${reporter[subject.reported_with] ?? subject.reported_with}`,
    detail: null,
    actor: null,
  });

  // Stripe keeps its own event log; the other providers share billing_events.
  const provider = await rowsOf<{
    received_at: string | Date;
    provider: string;
    type: string;
    detail: string;
  }>(
    db,
    sql`select received_at, 'stripe' as provider, type, detail from stripe_events
        where brand_id = ${brandId}::integer and conversion_id = ${conversionId}::integer
      union all
      select received_at, provider, type, detail from billing_events
        where brand_id = ${brandId}::integer and conversion_id = ${conversionId}::integer
      order by received_at`,
  );
  for (const e of provider)
    entries.push({
      at: iso(e.received_at),
      kind: 'provider_event',
      title: `${PROVIDER_LABEL[e.provider] ?? e.provider} event ${e.type}`,
      detail: e.detail || null,
      actor: null,
    });

  // The rules matched when it arrived: `title` is the rule's name (contract HOLD_REASONS).
  for (const rule of reasonsOf(subject.hold_reasons))
    entries.push({
      at: iso(subject.created_at),
      kind: 'fraud_rule',
      title: rule,
      detail: await evidenceOf(db, rule, subject, click),
      actor: null,
    });

  const moves = await rowsOf<{
    created_at: string | Date;
    from_status: RewardStatus | null;
    to_status: RewardStatus;
    reason: string;
    actor: string | null;
    payout_id: number | null;
  }>(
    db,
    sql`select m.created_at, m.from_status, m.to_status, m.reason, u.username as actor, m.payout_id
      from reward_moves m left join users u on u.id = m.actor_id
      where m.reward_id = ${subject.reward_id}::integer order by m.id`,
  );
  for (const m of moves)
    entries.push({
      at: iso(m.created_at),
      kind:
        m.payout_id !== null ? 'payout' : m.to_status === 'held' && !m.actor ? 'hold' : 'decision',
      title:
        m.from_status === null
          ? `Reward recorded: ${VERB[m.to_status].toLowerCase()}`
          : m.from_status === 'rejected' && m.to_status === 'held'
            ? 'Reopened for review'
            : VERB[m.to_status],
      detail: m.reason,
      actor: m.actor,
    });
  // Stable by time; equal times keep the order above (click, conversion, rules, moves).
  return entries
    .map((e, i) => ({ e, i }))
    .sort((a, b) => a.e.at.localeCompare(b.e.at) || a.i - b.i)
    .map(({ e }) => e);
}
