/**
 * Where an order left unpaid is paid (product rule R9.3: /payment/{orderId}), and where that ends.
 */
export const orderPaymentPath = (orderId: string) => `/payment/${orderId}`;
export const PAYMENT_SUCCESS_PATH = '/payment/success';
