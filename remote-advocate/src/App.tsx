import { Suspense } from 'react';
import { lazyPage, Navigate, Route, Routes } from 'shared-ui/router';
import { NotFoundPage, PageLoader } from 'shared-ui';

// The dashboard and insights draw charts: lazy, so other screens never load chart code.
const DashboardPage = lazyPage(() => import('./features/dashboard/DashboardPage'), 'DashboardPage');
const InsightsPage = lazyPage(() => import('./features/insights/InsightsPage'), 'InsightsPage');
const GuidelinesPage = lazyPage(
  () => import('./features/guidelines/GuidelinesPage'),
  'GuidelinesPage',
);
const CampaignListPage = lazyPage(
  () => import('./features/campaigns/CampaignListPage'),
  'CampaignListPage',
);
const CampaignDetailPage = lazyPage(
  () => import('./features/campaigns/CampaignDetailPage'),
  'CampaignDetailPage',
);
const SettingsPage = lazyPage(() => import('./features/settings/SettingsPage'), 'SettingsPage');
const EarningsPage = lazyPage(() => import('./features/earnings/EarningsPage'), 'EarningsPage');
const SupportPage = lazyPage(() => import('./features/support/SupportPage'), 'SupportPage');
const ChatPage = lazyPage(() => import('./features/prototypes/ChatPage'), 'ChatPage');
const IntelligencePage = lazyPage(
  () => import('./features/prototypes/IntelligencePage'),
  'IntelligencePage',
);
const AcademyPage = lazyPage(() => import('./features/prototypes/AcademyPage'), 'AcademyPage');

/** The /advocate route tree, rendered by the shell inside the signed-in layout. */
export default function AdvocateApp() {
  return (
    <Suspense fallback={<PageLoader />}>
      <Routes>
        <Route index element={<Navigate to="dashboard" replace />} />
        <Route path="dashboard" element={<DashboardPage />} />
        <Route path="insights" element={<InsightsPage />} />
        <Route path="campaigns">
          <Route index element={<GuidelinesPage />} />
          <Route path="list" element={<CampaignListPage />} />
          <Route path=":campaignId" element={<CampaignDetailPage />} />
        </Route>
        <Route path="settings" element={<SettingsPage />} />
        <Route path="earnings" element={<EarningsPage />} />
        <Route path="support" element={<SupportPage />} />
        <Route path="chat" element={<ChatPage />} />
        <Route path="intelligence" element={<IntelligencePage />} />
        <Route path="inacademy" element={<AcademyPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
