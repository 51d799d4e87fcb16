/** @jest-environment ./src/test/jsdomWithFetch.ts */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditEntry, AuditLogReply } from 'contract';
import { fakeApi, replies, type FakeCall } from 'shared-api/testing';
import { makeBrand, makeUser } from '../../test/fixtures';
import { findHeading, renderBrandApp } from '../../test/renderBrandApp';

const entry = (overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  id: 1,
  at: '2025-03-01T09:00:00.000Z',
  actor: { kind: 'user', id: 8, name: 'Fin Ance' },
  action: 'review.approved',
  target: { kind: 'review', id: '41', label: 'order-1' },
  before: { status: 'pending', amount: 6, currency: 'USD' },
  after: { status: 'approved', amount: 6, currency: 'USD' },
  ...overrides,
});

const reply = (results: AuditEntry[]): AuditLogReply => ({
  results,
  meta: { total: results.length, page: 1, pages: 1, per_page: 25, count: results.length },
});

function auditServer() {
  return fakeApi({
    'GET brand/3/': replies.brand(makeBrand()),
    'GET brand/3/members/': {
      body: {
        members: [
          { user_id: 8, username: 'fin', email: 'fin@example.test', role: 'finance' as const },
        ],
        invitations: [],
        require_two_factor: false,
      },
    },
    'GET brand/3/audit-log/': ({ query }: FakeCall) => ({
      body: reply(
        query.action === 'payout'
          ? [
              entry({
                id: 2,
                action: 'payout.created',
                target: { kind: 'payout', id: '5', label: 'ada' },
                before: null,
                after: { amount: 12, currency: 'USD', status: 'pending' },
              }),
            ]
          : [entry()],
      ),
    }),
  });
}

describe('Audit log', () => {
  it('shows who did what, with before and after', async () => {
    auditServer();
    renderBrandApp('/brand/brands/3/audit-log');
    await findHeading('Audit log');
    const table = await screen.findByRole('table', { name: 'Audit log' });
    const row = within(table).getAllByRole('row')[1];
    expect(within(row).getByText('Fin Ance')).toBeInTheDocument();
    expect(within(row).getByText('Review decision approved')).toBeInTheDocument();
    expect(within(row).getByText('Review decision · order-1')).toBeInTheDocument();
    expect(within(row).getByText('status: pending, amount: $6.00')).toBeInTheDocument();
  });

  it('filters by member and kind on the server', async () => {
    const api = auditServer();
    const user = userEvent.setup();
    renderBrandApp('/brand/brands/3/audit-log');
    await screen.findByRole('table', { name: 'Audit log' });
    await user.selectOptions(screen.getByLabelText('Kind'), 'payout');
    expect(await screen.findByText('Payout created')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('option', { name: 'fin' })).toBeInTheDocument());
    await user.selectOptions(screen.getByLabelText('Member'), '8');
    await waitFor(() =>
      expect(api.callsTo('GET brand/3/audit-log/').at(-1)?.query).toMatchObject({
        action: 'payout',
        actor_id: '8',
        page: '1',
      }),
    );
  });

  it('is for owners and admins: a finance member is told so', async () => {
    const api = auditServer();
    renderBrandApp('/brand/brands/3/audit-log', {
      user: makeUser({
        brand_roles: [{ brand_id: 3, role: 'finance', two_factor_required: false }],
      }),
    });
    expect(
      await screen.findByText(
        'This needs the owner or admin role on this brand; yours is finance.',
      ),
    ).toBeInTheDocument();
    expect(api.callsTo('GET brand/3/audit-log/')).toHaveLength(0);
  });
});
