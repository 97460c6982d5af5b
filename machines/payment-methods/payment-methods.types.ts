import type { NewCard, PaymentGateway } from '../checkout-shared/checkout-shared.types';
import type { ListedPaymentMethod, PlanPayment } from '../../domain/payment-methods';

export type { ListedPaymentMethod, PlanPayment } from '../../domain/payment-methods';
export type { NewCard, PaymentGateway } from '../checkout-shared/checkout-shared.types';

/** What every call answers: the methods and plans read again, so the screen shows the server's. */
export interface MethodsData {
  methods: ListedPaymentMethod[];
  plans: PlanPayment[];
  gateway: PaymentGateway;
}

/** A rejected call as the machine reads it: the HTTP status and the server's words, if any. */
export interface MethodsFailure {
  status: number;
  message: string | null;
}

export interface SaveCardInput {
  card: NewCard | null;
  gateway: PaymentGateway;
}
