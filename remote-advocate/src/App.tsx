import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate, Route, Routes } from 'shared-ui/router';
import { NotFoundPage } from 'shared-ui';
import { PageLoader } from './components/PageLoader';
import { DashboardPage } from './features/dashboard/DashboardPage';

/** A named export loaded on first visit, so the remote's first chunk stays small. */
function lazyPage<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

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

/** The /advocate route tree, rendered by the shell inside the signed-in layout. */
export default function AdvocateApp() {
  return (
    <Suspense fallback={<PageLoader />}>
      <Routes>
        <Route index element={<Navigate to="dashboard" replace />} />
        <Route path="dashboard" element={<DashboardPage />} />
        <Route path="campaigns">
          <Route index element={<GuidelinesPage />} />
          <Route path="list" element={<CampaignListPage />} />
          <Route path=":campaignId" element={<CampaignDetailPage />} />
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
