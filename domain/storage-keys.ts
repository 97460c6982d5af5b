/**
 * Product rule R1.11: the keys the browser stores under (read and written by src/app/storage.ts;
 * the server's boot script for address search reads whether the delivery is there, R14.14).
 */
export const STORAGE_KEYS = {
  delivery: 'sfoglia.delivery',
  selectedSubscription: 'sfoglia.selected-subscription',
  redirect: 'sfoglia.redirect',
  addressText: 'sfoglia.address-text',
  addressData: 'sfoglia.address-data',
} as const;
