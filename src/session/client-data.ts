import { clearAllStored } from '../app/storage';

const resets = new Set<() => void>();

/** Client stores (query cache, baskets, ...) register how to forget the customer's data. */
export function registerClientDataReset(reset: () => void): () => void {
  resets.add(reset);
  return () => resets.delete(reset);
}

/** Product rule R2.6: logout clears customer, order, address, payment, subscription and basket data. */
export function clearClientData(): void {
  resets.forEach((reset) => reset());
  clearAllStored();
}
