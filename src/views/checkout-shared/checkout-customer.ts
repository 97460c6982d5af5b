import type { CheckoutCustomer } from '../../../machines/checkout-shared/checkout-shared';
import type { Customer } from '../../api/types';

/** The signed-in customer as every checkout's steps need them. */
export const toCheckoutCustomer = (customer: Customer): CheckoutCustomer => ({
  firstName: customer.firstName,
  lastName: customer.lastName,
  phone: customer.phone ?? null,
});
