import { makeCampaign } from '../../test/fixtures';
import { campaignValues, toCampaignFields } from './campaignForm';

describe('who can join, as the campaign form sends it', () => {
  const stored = makeCampaign({ join_mode: 'application', auto_approve: true });

  it('create sends the mode and automatic approval only when not the defaults', () => {
    const open = { ...campaignValues(makeCampaign()), join_mode: 'open' as const };
    expect(toCampaignFields(open).join_mode).toBeUndefined();
    const applying = { ...open, join_mode: 'application' as const, auto_approve: true };
    expect(toCampaignFields(applying)).toMatchObject({
      join_mode: 'application',
      auto_approve: true,
    });
  });

  it('edit sends them when they change from the campaign’s own, back to open too', () => {
    const values = campaignValues(stored);
    expect(values.join_mode).toBe('application');
    const storedJoin = { join_mode: stored.join_mode, auto_approve: stored.auto_approve };
    expect(toCampaignFields(values, { storedJoin }).join_mode).toBeUndefined();
    const reopened = { ...values, join_mode: 'open' as const, auto_approve: false };
    expect(toCampaignFields(reopened, { storedJoin })).toMatchObject({
      join_mode: 'open',
      auto_approve: false,
    });
  });
});
