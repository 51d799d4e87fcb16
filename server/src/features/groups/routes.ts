// A brand's advocate groups (tiers): GET/POST brand/{brandId}/groups/, PATCH/DELETE
// brand/{brandId}/groups/{groupId}/, GET/POST …/{groupId}/members/ (list, move advocates in),
// POST brand/{brandId}/groups/evaluate/ (run the automatic rules now; a job runs them daily), and
// the advocate's own group at a campaign's brand: GET campaign/{id}/my-group/.
// Owner and admin manage ('catalog'); every member reads ('view'); strangers get 404.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  BrandIdParams,
  CreateGroupBody,
  GroupMembersReply,
  GroupMovesReply,
  GroupParams,
  GroupReply,
  GroupsReply,
  GroupView,
  groupRuleProblems,
  IdParams,
  MoveMembersBody,
  MyGroupReply,
  UpdateGroupBody,
} from 'contract';
import { sql } from 'drizzle-orm';
import type { AdvocateGroupRow } from '../../db/schema.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { fieldError, HttpError, notFound } from '../../lib/http-error.js';
import { signedInRoutes } from '../../lib/route.js';
import { rowsOf, type Tx } from '../../lib/sql.js';
import { principalOf } from '../../plugins/auth.js';
import { brandRoute, manageableBrand } from '../access/index.js';
import { changedFields, recordAudit, userActor } from '../audit/index.js';
import { findCampaign } from '../campaigns/index.js';
import { resolveRule } from '../conversions/index.js';
import { evaluateBrand } from './evaluate.js';
import {
  advocateGroup,
  applyMoves,
  defaultGroup,
  deleteGroup,
  findGroup,
  groupAudit,
  groupsOf,
  groupView,
  insertGroup,
  listGroups,
  listMembers,
  memberCounts,
  notAdvocatesOf,
  updateGroup,
  type GroupFields,
  type Move,
} from './repository.js';

export const GROUP_NOT_FOUND = 'Group not found';
export const DEFAULT_NOT_DELETABLE =
  'The default group cannot be deleted: it holds every advocate no other group has';
const NAME_TAKEN = 'Another group of this brand has this name';

type GroupBody = CreateGroupBody | UpdateGroupBody;

/** The body's fields over `base` (an update keeps what the body leaves out). */
function fieldsOf(body: GroupBody, base: GroupFields): GroupFields {
  const pick = <K extends keyof GroupBody, T>(key: K, current: T) =>
    body[key] === undefined ? current : (body[key] as T);
  return {
    name: body.name === undefined ? base.name : body.name.trim(),
    commissionType: pick('commission_type', base.commissionType),
    commissionValue: pick('commission_value', base.commissionValue),
    eventRewards: pick('event_rewards', base.eventRewards),
    rewardRules: pick('reward_rules', base.rewardRules),
    holdDays: pick('hold_days', base.holdDays),
    discountText:
      body.discount_text === undefined
        ? base.discountText
        : body.discount_text === null || body.discount_text.trim() === ''
          ? null
          : body.discount_text.trim(),
    autoRule: pick('auto_rule', base.autoRule),
    rank: pick('rank', base.rank),
  };
}

const EMPTY: GroupFields = {
  name: '',
  commissionType: null,
  commissionValue: null,
  eventRewards: null,
  rewardRules: [],
  holdDays: null,
  discountText: null,
  autoRule: null,
  rank: 0,
};

/** 400 naming the first field the group's rules refuse (contract's groupRuleProblems). */
async function checkFields(tx: Tx, brandId: number, f: GroupFields, isDefault: boolean) {
  const problems = groupRuleProblems({
    commission_type: f.commissionType,
    commission_value: f.commissionValue,
    event_rewards: f.eventRewards,
    reward_rules: f.rewardRules,
    auto_rule: f.autoRule,
  });
  const [first] = Object.entries(problems);
  if (first) throw fieldError(first[0], first[1]);
  if (isDefault && f.autoRule)
    throw fieldError(
      'auto_rule',
      'The default group takes the advocates no rule places: it has no rule of its own',
    );
  const products = [...new Set(f.rewardRules.flatMap((r) => r.conditions.product_ids ?? []))];
  if (products.length > 0) {
    const found = await rowsOf<{ id: number }>(
      tx,
      sql`select id from products where brand_id = ${brandId}::integer and deleted_at is null
        and id = any(${`{${products.join(',')}}`}::int[])`,
    );
    const known = new Set(found.map((r) => r.id));
    const index = f.rewardRules.findIndex((r) =>
      (r.conditions.product_ids ?? []).some((id) => !known.has(id)),
    );
    if (index >= 0) {
      const missing = products.filter((id) => !known.has(id));
      throw fieldError(
        `reward_rules.${index}.conditions.product_ids`,
        `Not products of this brand: ${missing.join(', ')}`,
      );
    }
  }
  const [taken] = await rowsOf<{ id: number }>(
    tx,
    sql`select id from advocate_groups where brand_id = ${brandId}::integer and lower(name) = lower(${f.name}::varchar)`,
  );
  return taken?.id;
}

type BrandRequest = FastifyRequest & { params: { brandId: number } };

const groupRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, clock } = app.deps;
  const { signedIn } = signedInRoutes(app, 'groups');

  const brandOf = (request: BrandRequest, permission: 'view' | 'catalog') =>
    manageableBrand(db, principalOf(request), request.params.brandId, permission);

  /** Every group of the brand with its member count (the default group made when missing). */
  async function groupsView(brandId: number): Promise<GroupView[]> {
    await defaultGroup(db, brandId, clock());
    const [groups, counts] = await Promise.all([
      listGroups(db, brandId),
      memberCounts(db, brandId),
    ]);
    return groups.map((g) => groupView(g, counts.get(g.id) ?? 0));
  }
  const oneView = async (group: AdvocateGroupRow) =>
    groupView(group, (await memberCounts(db, group.brandId)).get(group.id) ?? 0);

  const audit = (
    tx: Tx,
    request: FastifyRequest,
    group: AdvocateGroupRow,
    action: string,
    change: { before?: Record<string, unknown> | null; after?: Record<string, unknown> | null },
  ) =>
    recordAudit(tx, userActor(request), {
      brandId: group.brandId,
      action,
      target: { kind: 'group', id: group.id, label: group.name },
      ...change,
      at: clock(),
    });

  /** Runs `write`; a name another group took meanwhile is a 400 on name, not a 500. */
  const named = async <T>(write: () => Promise<T>): Promise<T> => {
    try {
      return await write();
    } catch (err) {
      if (isUniqueViolation(err)) throw fieldError('name', NAME_TAKEN);
      throw err;
    }
  };

  app.get(
    '/brand/:brandId/groups/',
    signedIn(
      "A brand's advocate groups (tiers), the default first",
      { 200: GroupsReply },
      { params: BrandIdParams, access: brandRoute('view') },
    ),
    async (request) => {
      const brand = await brandOf(request, 'view');
      return { groups: await groupsView(brand.id) };
    },
  );

  app.post(
    '/brand/:brandId/groups/',
    signedIn(
      'Create a group with its own reward rules, hold period and discount text',
      { 201: GroupReply },
      {
        description:
          "Rules: commission_type/commission_value and event_rewards override the campaign's for the group's members; " +
          'reward_rules are tried first, in order (conditions on product_ids, countries, customer new/returning, ' +
          'order_value range in one currency). auto_rule places advocates by their last 90 days (POST …/groups/evaluate/).',
        params: BrandIdParams,
        body: CreateGroupBody,
        access: brandRoute('catalog'),
      },
    ),
    async (request, reply) => {
      const brand = await brandOf(request, 'catalog');
      const fields = fieldsOf(request.body, EMPTY);
      const at = clock();
      const group = await named(() =>
        db.transaction(async (tx) => {
          await defaultGroup(tx, brand.id, at);
          if (await checkFields(tx, brand.id, fields, false)) throw fieldError('name', NAME_TAKEN);
          const created = await insertGroup(tx, brand.id, fields, at);
          await audit(tx, request, created, 'group.created', { after: groupAudit(created) });
          return created;
        }),
      );
      return reply.code(201).send({ group: groupView(group, 0) });
    },
  );

  app.patch(
    '/brand/:brandId/groups/:groupId/',
    signedIn(
      "Change a group's name, rules, hold period, discount text or automatic rule",
      { 200: GroupReply },
      {
        description:
          'Changes apply to conversions recorded from now on; those already recorded keep their reward.',
        params: GroupParams,
        body: UpdateGroupBody,
        access: brandRoute('catalog'),
        errors: [404],
      },
    ),
    async (request) => {
      const brand = await brandOf(request, 'catalog');
      const group = await named(() =>
        db.transaction(async (tx) => {
          const before = await findGroup(tx, brand.id, request.params.groupId, true);
          if (!before) throw notFound(GROUP_NOT_FOUND);
          const fields = fieldsOf(request.body, before);
          const taken = await checkFields(tx, brand.id, fields, before.isDefault);
          if (taken !== undefined && taken !== before.id) throw fieldError('name', NAME_TAKEN);
          const updated = await updateGroup(tx, before, fields, clock());
          const change = changedFields(groupAudit(before), groupAudit(updated));
          if (change) await audit(tx, request, updated, 'group.updated', change);
          return updated;
        }),
      );
      return { group: await oneView(group) };
    },
  );

  app.delete(
    '/brand/:brandId/groups/:groupId/',
    signedIn(
      'Delete a group; its members return to the default group',
      { 200: GroupMovesReply },
      { params: GroupParams, access: brandRoute('catalog'), errors: [404, 409] },
    ),
    async (request) => {
      const brand = await brandOf(request, 'catalog');
      const at = clock();
      const moves = await db.transaction(async (tx) => {
        const group = await findGroup(tx, brand.id, request.params.groupId, true);
        if (!group) throw notFound(GROUP_NOT_FOUND);
        if (group.isDefault) throw new HttpError(409, DEFAULT_NOT_DELETABLE);
        const fallback = await defaultGroup(tx, brand.id, at);
        const members = await listMembers(tx, group, null);
        const made: Move[] = members.map((m) => ({ advocateId: m.id, from: group, to: fallback }));
        await applyMoves(tx, brand.id, made, 'group_deleted', userActor(request), at);
        await deleteGroup(tx, group);
        await audit(tx, request, group, 'group.deleted', { before: groupAudit(group) });
        return made;
      });
      return {
        moves: moves.map((m) => ({
          advocate_id: m.advocateId,
          from_group_id: m.from.id,
          to_group_id: m.to.id,
        })),
      };
    },
  );

  app.get(
    '/brand/:brandId/groups/:groupId/members/',
    signedIn(
      "A group's advocates (the default group: every advocate of the brand no other group has)",
      { 200: GroupMembersReply },
      { params: GroupParams, access: brandRoute('view'), errors: [404] },
    ),
    async (request) => {
      const brand = await brandOf(request, 'view');
      const group = await findGroup(db, brand.id, request.params.groupId);
      if (!group) throw notFound(GROUP_NOT_FOUND);
      const members = await listMembers(db, group);
      return {
        members: members.map((m) => ({
          id: m.id,
          username: m.username,
          name: `${m.first_name} ${m.last_name}`.trim() || m.username,
          email: m.email,
          moved_at: m.moved_at === null ? null : new Date(m.moved_at).toISOString(),
        })),
      };
    },
  );

  app.post(
    '/brand/:brandId/groups/:groupId/members/',
    signedIn(
      'Move advocates of the brand into the group',
      { 200: GroupMovesReply },
      {
        description:
          'Each move is audited and the advocate is notified (in-app and email). Their future conversions earn by the ' +
          'group’s rules; those already recorded keep their reward. Advocates already in the group are left as they are.',
        params: GroupParams,
        body: MoveMembersBody,
        access: brandRoute('catalog'),
        errors: [404],
      },
    ),
    async (request) => {
      const brand = await brandOf(request, 'catalog');
      const ids = [...new Set(request.body.advocate_ids)];
      const at = clock();
      const moves = await db.transaction(async (tx) => {
        const group = await findGroup(tx, brand.id, request.params.groupId, true);
        if (!group) throw notFound(GROUP_NOT_FOUND);
        const strangers = await notAdvocatesOf(tx, brand.id, ids);
        if (strangers.length > 0)
          throw fieldError(
            'advocate_ids',
            `Not advocates of this brand: ${strangers.slice(0, 20).join(', ')}`,
          );
        const fallback = await defaultGroup(tx, brand.id, at);
        const current = await groupsOf(tx, brand.id, ids, fallback);
        const groups = new Map((await listGroups(tx, brand.id)).map((g) => [g.id, g]));
        const made: Move[] = ids
          .filter((id) => current.get(id) !== group.id)
          .map((id) => ({
            advocateId: id,
            from: groups.get(current.get(id) ?? fallback.id) ?? fallback,
            to: group,
          }));
        await applyMoves(tx, brand.id, made, 'manual', userActor(request), at);
        return made;
      });
      return {
        moves: moves.map((m) => ({
          advocate_id: m.advocateId,
          from_group_id: m.from.id,
          to_group_id: m.to.id,
        })),
      };
    },
  );

  app.post(
    '/brand/:brandId/groups/evaluate/',
    signedIn(
      "Run the brand's automatic group rules now",
      { 200: GroupMovesReply },
      {
        description:
          'Moves advocates up and down the groups with an auto_rule from their last 90 days (conversions not rejected ' +
          'nor refunded, revenue net of refunds in the rule’s currency); a daily job does the same.',
        params: BrandIdParams,
        access: brandRoute('catalog'),
      },
    ),
    async (request) => {
      const brand = await brandOf(request, 'catalog');
      return { moves: await evaluateBrand(db, brand.id, clock(), userActor(request)) };
    },
  );

  app.get(
    '/campaign/:id/my-group/',
    signedIn(
      "The signed-in advocate's group at the campaign's brand and the rules they earn by",
      { 200: MyGroupReply },
      {
        description: '404 unless the caller joined the campaign.',
        params: IdParams,
        errors: [404],
      },
    ),
    async (request) => {
      const me = principalOf(request).userId;
      const campaign = await findCampaign(db, request.params.id);
      const [joined] = campaign
        ? await rowsOf<{ one: number }>(
            db,
            sql`select 1 as one from campaign_joins where campaign_id = ${campaign.id}::integer and advocate_id = ${me}::integer`,
          )
        : [];
      if (!campaign || !joined) throw notFound('Campaign not found');
      await defaultGroup(db, campaign.brandId, clock());
      const group = await advocateGroup(db, campaign.brandId, me);
      if (!group) throw notFound('Campaign not found');
      // A purchase no conditional rule matches: the group's own rule, else the campaign's.
      const rule = resolveRule({
        campaign,
        group: { ...group, rewardRules: [] },
        eventType: 'purchase',
        order: { productId: null, country: null, returning: false, value: 0, currency: 'USD' },
      });
      return {
        group: { id: group.id, name: group.name },
        rule: { commission_type: rule.commissionType, commission_value: rule.commissionValue },
        rule_from: rule.from.kind === 'campaign' ? ('campaign' as const) : ('group' as const),
        // A group's own rule replaces the campaign's per-event rules; without one, its event
        // rules override the campaign's type by type (resolveRule's order).
        event_rewards:
          group.commissionType !== null
            ? (group.eventRewards ?? {})
            : { ...(campaign.eventRewards ?? {}), ...(group.eventRewards ?? {}) },
        reward_rules: group.rewardRules,
        discount_text: group.discountText,
      };
    },
  );
};

export default groupRoutes;
