/**
 * Sections of another flow placed inside an account page (one flow's views never import another's,
 * so they are composed here). Imported by that page only, so they load with it, not with /account.
 */
export { SavedAddressesSection } from '../views/saved-addresses/saved-addresses-section';
