import { Suspense } from 'react';
import { lazyPage, Route, Routes, useResolvedPath } from 'shared-ui/router';
import { NotFoundPage, PageLoader } from 'shared-ui';
import { DashboardRedirect } from './features/dashboard/DashboardRedirect';
import { TwoFactorGate } from './features/team/TwoFactorGate';
import { brandPaths } from './paths';

// The dashboard draws charts: lazy, so other screens never load chart code.
const DashboardPage = lazyPage(() => import('./features/dashboard/DashboardPage'), 'DashboardPage');
const CreateBrandPage = lazyPage(
  () => import('./features/create-brand/CreateBrandPage'),
  'CreateBrandPage',
);
const BrandsPage = lazyPage(() => import('./features/brands/BrandsPage'), 'BrandsPage');
const BrandProfilePage = lazyPage(
  () => import('./features/brands/BrandProfilePage'),
  'BrandProfilePage',
);
const ProductsPage = lazyPage(() => import('./features/products/ProductsPage'), 'ProductsPage');
const CreateProductPage = lazyPage(
  () => import('./features/products/CreateProductPage'),
  'CreateProductPage',
);
const ManageProductPage = lazyPage(
  () => import('./features/products/ManageProductPage'),
  'ManageProductPage',
);
const CampaignsPage = lazyPage(() => import('./features/campaigns/CampaignsPage'), 'CampaignsPage');
const CreateCampaignPage = lazyPage(
  () => import('./features/campaigns/CreateCampaignPage'),
  'CreateCampaignPage',
);
const EditCampaignPage = lazyPage(
  () => import('./features/campaigns/EditCampaignPage'),
  'EditCampaignPage',
);
const CampaignStatsPage = lazyPage(
  () => import('./features/campaign-stats/CampaignStatsPage'),
  'CampaignStatsPage',
);
const ApiKeysPage = lazyPage(() => import('./features/api-keys/ApiKeysPage'), 'ApiKeysPage');
const TeamPage = lazyPage(() => import('./features/team/TeamPage'), 'TeamPage');
const AuditLogPage = lazyPage(() => import('./features/audit-log/AuditLogPage'), 'AuditLogPage');
const WebhooksPage = lazyPage(() => import('./features/webhooks/WebhooksPage'), 'WebhooksPage');
const GroupsPage = lazyPage(() => import('./features/groups/GroupsPage'), 'GroupsPage');
const InChatPage = lazyPage(() => import('./features/prototypes/InChatPage'), 'InChatPage');
const IntelligencePage = lazyPage(
  () => import('./features/prototypes/IntelligencePage'),
  'IntelligencePage',
);
const SupportPage = lazyPage(() => import('./features/support/SupportPage'), 'SupportPage');
const AdvocatesPage = lazyPage(() => import('./features/advocates/AdvocatesPage'), 'AdvocatesPage');
const AdvocateProfilePage = lazyPage(
  () => import('./features/advocates/AdvocateProfilePage'),
  'AdvocateProfilePage',
);
const ContactPage = lazyPage(() => import('./features/support/ContactPage'), 'ContactPage');
const InsightsPage = lazyPage(() => import('./features/insights/InsightsPage'), 'InsightsPage');
const PayoutsPage = lazyPage(() => import('./features/payouts/PayoutsPage'), 'PayoutsPage');
const ApplicationsPage = lazyPage(
  () => import('./features/applications/ApplicationsPage'),
  'ApplicationsPage',
);
const IntegrationsPage = lazyPage(
  () => import('./features/integrations/IntegrationsPage'),
  'IntegrationsPage',
);

/**
 * The /brand route tree, rendered by the shell inside the signed-in layout. The shell also
 * mounts this tree on its own /brand/create route (sign-in only, no role guard); there the tree
 * is based at /brand/create instead of /brand, and only the create screen belongs.
 */
export default function BrandApp() {
  const base = useResolvedPath('.').pathname;
  return (
    <Suspense fallback={<PageLoader />}>
      {base === brandPaths.create ? <CreateBrandPage /> : <BrandRoutes />}
    </Suspense>
  );
}

function BrandRoutes() {
  return (
    <Routes>
      <Route index element={<DashboardRedirect />} />
      <Route path="dashboard" element={<DashboardPage />} />
      <Route path="insights" element={<InsightsPage />} />
      <Route path="create" element={<CreateBrandPage />} />
      <Route path="brands">
        <Route index element={<BrandsPage />} />
        {/* A brand that requires two-factor opens only to members who have it. */}
        <Route element={<TwoFactorGate />}>
          <Route path=":brandId" element={<BrandProfilePage />} />
          <Route path=":brandId/products" element={<ProductsPage />} />
          <Route path=":brandId/products/create" element={<CreateProductPage />} />
          <Route path=":brandId/products/:productId" element={<ManageProductPage />} />
          <Route path=":brandId/campaigns" element={<CampaignsPage />} />
          <Route path=":brandId/campaigns/create" element={<CreateCampaignPage />} />
          <Route path=":brandId/campaigns/:campaignId" element={<CampaignStatsPage />} />
          <Route path=":brandId/campaigns/:campaignId/edit" element={<EditCampaignPage />} />
          <Route path=":brandId/api-keys" element={<ApiKeysPage />} />
          <Route path=":brandId/team" element={<TeamPage />} />
          <Route path=":brandId/audit-log" element={<AuditLogPage />} />
          <Route path=":brandId/webhooks" element={<WebhooksPage />} />
          <Route path=":brandId/integrations" element={<IntegrationsPage />} />
          <Route path=":brandId/groups" element={<GroupsPage />} />
          <Route path=":brandId/applications" element={<ApplicationsPage />} />
        </Route>
      </Route>
      <Route path="inchat" element={<InChatPage />} />
      <Route path="intelligence" element={<IntelligencePage />} />
      <Route path="support" element={<SupportPage />} />
      <Route path="advocates" element={<AdvocatesPage />} />
      <Route path="advocates/:advocateId" element={<AdvocateProfilePage />} />
      <Route path="contact" element={<ContactPage />} />
      <Route path="payouts" element={<PayoutsPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
