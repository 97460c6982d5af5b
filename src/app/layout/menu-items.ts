import { APP_ROUTES, isAppPath } from '../../../domain/app-routes';

export interface MenuItem {
  label: string;
  to: string;
  /** False for an entry whose path exists but whose own screen does not yet. */
  built?: boolean;
}

/** Product rule R1.14: a menu offers an entry only when its screen exists. */
const available = (items: readonly MenuItem[]) =>
  items.filter((item) => item.built !== false && isAppPath(item.to));

/** Product rule R1.3, navigation: the menus and their entries, as the product wants them. */
const ACCOUNT_MENU_WANTED = [
  { label: 'Your account', to: APP_ROUTES.accountDashboard },
  { label: 'Orders', to: APP_ROUTES.upcomingOrders },
  { label: 'Order history', to: APP_ROUTES.orderHistory },
  { label: 'Pasta plan', to: '/account/pasta-plan' },
  { label: 'Plan settings', to: '/account/pasta-plan/settings' },
  { label: 'Rewards', to: APP_ROUTES.rewards },
  { label: 'Profile', to: APP_ROUTES.accountDetails },
  { label: 'Help', to: APP_ROUTES.support },
] as const;

const MAIN_MENU_WANTED = [
  { label: 'Recipe kits', to: APP_ROUTES.productBox },
  { label: 'Delivery', to: APP_ROUTES.addressSearch },
  { label: 'Experiences', to: '/events/themes' },
  { label: 'Catering', to: '/catering-search-address' },
  { label: 'Gifts', to: '/gift-boxes' },
] as const;

/** The account menu: the dashboard first (product rule R1.15), then the screens that exist. */
export const ACCOUNT_MENU = available(ACCOUNT_MENU_WANTED);
/** The main menu ("Book a table" sits after its first entry). */
export const MAIN_MENU = available(MAIN_MENU_WANTED);
