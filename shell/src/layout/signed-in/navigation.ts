import {
  Academic,
  Banknote,
  BarChart3,
  BookOpen,
  Brain,
  Building2,
  HandCoins,
  LayoutDashboard,
  Megaphone,
  MessageSquare,
  Rocket,
  Users,
  UserRound,
  FlaskConical,
  type LucideIcon,
} from './icons';
import type { ClientRole } from 'shared-api';

export type NavItem = {
  label: string;
  to: string;
  icon: LucideIcon;
  external?: boolean;
  /** Active only on this exact path, not on the pages below it. */
  end?: boolean;
  /** Carries the count of sales waiting for the brand's review (the review is on this page). */
  showsWaitingReview?: boolean;
};

const BRAND: NavItem[] = [
  { label: 'Dashboard', to: '/brand/dashboard', icon: LayoutDashboard },
  { label: 'Insights', to: '/brand/insights', icon: BarChart3 },
  { label: 'Chat', to: '/brand/inchat', icon: MessageSquare },
  { label: 'Brands', to: '/brand/brands', icon: Building2 },
  { label: 'Advocates', to: '/brand/advocates', icon: Users },
  { label: 'Intelligence', to: '/brand/intelligence', icon: Brain },
  { label: 'Payouts', to: '/brand/payouts', icon: Banknote, showsWaitingReview: true },
];

const ADVOCATE: NavItem[] = [
  { label: 'Dashboard', to: '/advocate/dashboard', icon: LayoutDashboard },
  { label: 'Insights', to: '/advocate/insights', icon: BarChart3 },
  { label: 'Chat', to: '/advocate/chat', icon: MessageSquare },
  { label: 'Brands & Campaigns', to: '/advocate/campaigns/list', icon: Megaphone },
  { label: 'Academy', to: '/advocate/inacademy', icon: Academic },
  { label: 'Intelligence', to: '/advocate/intelligence', icon: Brain },
  { label: 'Earnings', to: '/advocate/earnings', icon: HandCoins },
];

// Without an active role only the /user screens exist, so the sidebar offers just those.
const USER: NavItem[] = [
  { label: 'Dashboard', to: '/user/dashboard', icon: LayoutDashboard },
  { label: 'Get Started', to: '/user/get-started', icon: Rocket },
  { label: 'Profile', to: '/user/profile', icon: UserRound },
  { label: 'SDK Tester', to: '/user/sdk-tester', icon: FlaskConical },
];

export function mainNavigation(role: ClientRole | null): NavItem[] {
  if (role === 'brand') return BRAND;
  if (role === 'advocate') return ADVOCATE;
  return USER;
}

/**
 * The bottom group: documentation for brands, guidelines for advocates, then settings and
 * support. Without a role the main group already links the profile, so Settings is left out.
 */
export function bottomNavigation(role: ClientRole | null): NavItem[] {
  if (role === 'advocate') {
    return [
      // The guide sits above the campaign list; it must not light up there too.
      { label: 'Guidelines', to: '/advocate/campaigns', icon: BookOpen, end: true },
      { label: 'Settings', to: '/advocate/settings', icon: UserRound },
      { label: 'Support', to: '/advocate/support', icon: MessageSquare },
    ];
  }
  const docs: NavItem = {
    label: 'API Documentation',
    to: '/api/docs',
    icon: BookOpen,
    external: true,
  };
  if (role === 'brand') {
    return [
      docs,
      { label: 'Settings', to: '/user/profile', icon: UserRound },
      { label: 'Support', to: '/brand/support', icon: MessageSquare },
    ];
  }
  return [
    docs,
    { label: 'Support', to: 'mailto:support@advocately.app', icon: MessageSquare, external: true },
  ];
}
