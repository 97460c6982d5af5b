import type { ComponentProps } from 'react';
import type { RewardsPage as Rewards } from '../views/rewards/rewards-page';
import type { ReferralPage as Referral } from '../views/rewards/referral-page';
import { lazyRoute } from './lazy-route';

/**
 * Account screens that are flows of their own (their own folder under src/views/): composed
 * here, since one flow's views never import another's, so the account's router can place them.
 */
/** Each account page loads on its own, keeping the account's first view within its budget. */
export const PastaPlanPage = lazyRoute(() =>
  import('../views/pasta-plan/pasta-plan-page').then((module) => ({
    default: module.PastaPlanPage,
  })),
);
export const PlanSettingsPage = lazyRoute(() =>
  import('../views/plan-settings/plan-settings-page').then((module) => ({
    default: module.PlanSettingsPage,
  })),
);
export const RewardsPage = lazyRoute<ComponentProps<typeof Rewards>>(() =>
  import('../views/rewards/rewards-page').then((module) => ({ default: module.RewardsPage })),
);
export const ReferralPage = lazyRoute<ComponentProps<typeof Referral>>(() =>
  import('../views/rewards/referral-page').then((module) => ({ default: module.ReferralPage })),
);
