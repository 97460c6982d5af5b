/** Product rule R1.3, navigation: the menus and their entries. */
export const ACCOUNT_MENU = [
  { label: 'Orders', to: '/account/upcoming-orders' },
  { label: 'Pasta plan', to: '/account/pasta-plan' },
  { label: 'Plan settings', to: '/account/pasta-plan?settings=1' },
  { label: 'Rewards', to: '/account/rewards' },
  { label: 'Profile', to: '/account/my-details' },
  { label: 'Help', to: '/support' },
] as const;

export const MAIN_MENU = [
  { label: 'Menu', to: '/menu' },
  { label: 'Delivery', to: '/pasta-now-search-address' },
  { label: 'Experiences', to: '/events/themes' },
  { label: 'Catering', to: '/catering-search-address' },
  { label: 'Gifts', to: '/gift-boxes' },
] as const;
