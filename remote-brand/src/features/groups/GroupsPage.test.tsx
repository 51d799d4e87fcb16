/** @jest-environment ./src/test/jsdomWithFetch.ts */
import { screen, waitFor, within } from '@testing-library/react';
import type { GroupMember, GroupView } from 'contract';
import { fakeApi, type FakeCall, replies } from 'shared-api/testing';
import { makeBrand, makeProduct, makeUser, productsReply } from '../../test/fixtures';
import { findHeading, renderBrandApp } from '../../test/renderBrandApp';

const GROUPS = 'GET brand/3/groups/';
const CREATE = 'POST brand/3/groups/';

const group = (overrides: Partial<GroupView>): GroupView => ({
  id: 1,
  name: 'Default',
  is_default: true,
  commission_type: null,
  commission_value: null,
  event_rewards: null,
  reward_rules: [],
  hold_days: null,
  discount_text: null,
  auto_rule: null,
  rank: 0,
  member_count: 2,
  created_at: '2025-03-01T09:00:00Z',
  updated_at: '2025-03-01T09:00:00Z',
  ...overrides,
});

const standard = group({});
const gold = group({
  id: 2,
  name: 'Gold',
  is_default: false,
  commission_type: 'percentage',
  commission_value: 20,
  hold_days: 14,
  auto_rule: { min_conversions: 10 },
  rank: 1,
  member_count: 0,
});
const ada: GroupMember = {
  id: 41,
  username: 'ada',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  moved_at: null,
};
const bo: GroupMember = {
  ...ada,
  id: 42,
  username: 'bo',
  name: 'Bo Diddley',
  email: 'bo@example.com',
};

function groupServer() {
  let groups = [standard, gold];
  const members = new Map<number, GroupMember[]>([
    [1, [ada, bo]],
    [2, []],
  ]);
  return fakeApi({
    'GET brand/3/': replies.brand(makeBrand()),
    'GET brand/3/products/': productsReply([makeProduct({ id: 5, name: 'Sneaker' })]),
    [GROUPS]: () => ({ body: { groups } }),
    'GET brand/3/groups/1/members/': () => ({ body: { members: members.get(1) ?? [] } }),
    'GET brand/3/groups/2/members/': () => ({ body: { members: members.get(2) ?? [] } }),
    [CREATE]: ({ body }: FakeCall) => {
      const created = group({
        ...(body as Partial<GroupView>),
        id: 3,
        is_default: false,
        member_count: 0,
      });
      groups = [...groups, created];
      return { status: 201, body: { group: created } };
    },
    'POST brand/3/groups/2/members/': ({ body }: FakeCall) => {
      const ids = (body as { advocate_ids: number[] }).advocate_ids;
      const moving = (members.get(1) ?? []).filter((m) => ids.includes(m.id));
      members.set(
        1,
        (members.get(1) ?? []).filter((m) => !ids.includes(m.id)),
      );
      members.set(2, [...(members.get(2) ?? []), ...moving]);
      groups = groups.map((g) => ({ ...g, member_count: members.get(g.id)?.length ?? 0 }));
      return {
        body: {
          moves: moving.map((m) => ({ advocate_id: m.id, from_group_id: 1, to_group_id: 2 })),
        },
      };
    },
    'POST brand/3/groups/evaluate/': () => ({ body: { moves: [] } }),
  });
}

async function openGroups(user = makeUser()) {
  const api = groupServer();
  const app = renderBrandApp('/brand/brands/3/groups', { user });
  await findHeading('Groups');
  const table = await screen.findByRole('table', { name: 'Groups' });
  await waitFor(() => expect(table).toHaveTextContent('Gold'));
  return { api, app, table };
}

describe('Groups', () => {
  it('lists the groups with their rewards, holds and membership rules', async () => {
    const { table } = await openGroups();
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Default');
    expect(rows[1]).toHaveTextContent("Each campaign's reward");
    expect(rows[1]).toHaveTextContent('Everyone no rule places');
    expect(rows[2]).toHaveTextContent('20% of each sale');
    expect(rows[2]).toHaveTextContent('14 days');
    expect(rows[2]).toHaveTextContent('10+ conversions in 90 days');
  });

  it('moves ticked members to another group', async () => {
    const { api, app } = await openGroups();
    const members = await screen.findByRole('table', { name: 'Members of Default' });
    await waitFor(() => expect(members).toHaveTextContent('Ada Lovelace'));
    await app.user.click(within(members).getByRole('checkbox', { name: 'Select Ada Lovelace' }));
    await app.user.selectOptions(screen.getByLabelText('Move ticked advocates to'), 'Gold');
    await app.user.click(screen.getByRole('button', { name: 'Move' }));
    expect(await screen.findByText('1 advocate moved to Gold')).toBeInTheDocument();
    expect(api.callsTo('POST brand/3/groups/2/members/')[0].body).toEqual({ advocate_ids: [41] });
    await waitFor(() => expect(members).not.toHaveTextContent('Ada Lovelace'));
  });

  it('creates a group with a conditional rule; a missing reward is refused before sending', async () => {
    const { api, app } = await openGroups();
    const form = screen.getByRole('form', { name: 'Create group' });
    await app.user.type(within(form).getByLabelText('Name'), 'Partners');
    await app.user.selectOptions(within(form).getByLabelText('Reward'), 'A percentage of the sale');
    await app.user.click(within(form).getByRole('button', { name: 'Add a rule' }));
    const rule = within(form).getByRole('region', { name: 'Rule 1' });
    await app.user.type(within(rule).getByLabelText("Buyer's country"), 'fr, de');
    await app.user.click(within(form).getByRole('button', { name: 'Create group' }));
    await waitFor(() =>
      expect(within(form).getAllByLabelText('Percentage')[0]).toHaveAccessibleDescription(
        'Give the reward, or keep the campaign’s',
      ),
    );
    expect(within(rule).getByLabelText('Percentage')).toHaveAccessibleDescription(
      'Give the reward',
    );
    expect(api.callsTo(CREATE)).toHaveLength(0);

    await app.user.type(within(form).getAllByLabelText('Percentage')[0], '30');
    await app.user.type(within(rule).getByLabelText('Percentage'), '35');
    await app.user.click(within(rule).getByLabelText('Sneaker'));
    await app.user.click(within(form).getByRole('button', { name: 'Create group' }));
    await waitFor(() => expect(api.callsTo(CREATE)).toHaveLength(1));
    expect(api.callsTo(CREATE)[0].body).toMatchObject({
      name: 'Partners',
      commission_type: 'percentage',
      commission_value: 30,
      hold_days: null,
      auto_rule: null,
      reward_rules: [
        {
          conditions: { countries: ['FR', 'DE'], product_ids: [5] },
          commission_type: 'percentage',
          commission_value: 35,
        },
      ],
    });
    expect(await screen.findByText('Group Partners created')).toBeInTheDocument();
  });

  it('an analyst reads the groups but may not change them', async () => {
    await openGroups(
      makeUser({ brand_roles: [{ brand_id: 3, role: 'analyst', two_factor_required: false }] }),
    );
    expect(screen.getByRole('button', { name: /^Edit Gold/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Run the automatic rules now' })).toBeDisabled();
  });
});
