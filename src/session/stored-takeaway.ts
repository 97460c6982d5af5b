import type { StoredDelivery } from '../../machines/address-search/address-search.machine';
import type { TakeawayChoice } from '../../domain/takeaway-basket';

/** The stored delivery with the customer's choice from /pasta-type (kept valid for isStoredDelivery). */
export type StoredTakeaway = StoredDelivery & { choice?: TakeawayChoice };
