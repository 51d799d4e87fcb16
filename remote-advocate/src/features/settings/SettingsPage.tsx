import { useState } from 'react';
import { PageHeader } from 'shared-ui';
import { Tabs } from 'shared-ui/workspace';
import { useSearchParams } from 'shared-ui/router';
import { PayoutMethodsTab } from '../payout-methods';
import { NotificationSettings } from './NotificationSettings';
import { ProfileSettings } from './ProfileSettings';

type TabId = 'profile' | 'payments' | 'notifications';

const TABS = [
  { id: 'profile', label: 'Profile settings' },
  { id: 'payments', label: 'Payment methods' },
  { id: 'notifications', label: 'Notification & Preferences' },
] as const satisfies readonly { id: TabId; label: string }[];

const ID_PREFIX = 'advocate-settings';

/** Settings (/advocate/settings): profile, payout methods and notification channels. */
export function SettingsPage() {
  // ?tab=payments opens a tab directly (Earnings links to it when no payout method is set).
  const [params] = useSearchParams();
  const [tab, setTab] = useState<TabId>(
    () => TABS.find((t) => t.id === params.get('tab'))?.id ?? 'profile',
  );
  return (
    <>
      <PageHeader title="Settings" subtitle="Your public profile, payouts and notifications." />
      <Tabs tabs={TABS} value={tab} onChange={setTab} aria-label="Settings" idPrefix={ID_PREFIX} />
      <div role="tabpanel" aria-labelledby={`${ID_PREFIX}-tab-${tab}`}>
        {tab === 'profile' && <ProfileSettings />}
        {tab === 'payments' && <PayoutMethodsTab />}
        {tab === 'notifications' && <NotificationSettings />}
      </div>
    </>
  );
}
