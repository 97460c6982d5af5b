import type { Deps } from '../deps';
import type { OperationHandlers } from '../http/handler';
import { postcodeHandlers } from './postcodes/postcodes.handlers';
import { addressHandlers } from './addresses/addresses.handlers';
import { basketHandlers } from './baskets/baskets.handlers';
import { paymentMethodHandlers } from './payment-methods/payment-methods.handlers';
import { paymentHandlers } from './payments/payments.handlers';
import { sandboxHandlers } from './sandbox/sandbox.handlers';
import { catalogueHandlers } from './catalogue/catalogue.handlers';
import { sessionClientHandlers } from './session-client/session-client.handlers';
import { orderHandlers } from './orders/orders.handlers';
import { reorderHandlers } from './orders/reorder.handlers';
import { orderEditHandlers } from './orders/order-edit.handlers';
import { ratingHandlers } from './ratings/ratings.handlers';
import { relayHandlers } from './relay/relay.handlers';
import { deliveryEstimationHandlers } from './delivery-estimation/delivery-estimation.handlers';
import { voucherHandlers } from './vouchers/vouchers.handlers';
import { customerHandlers } from './customers/customers.handlers';
import { myDetailsHandlers } from './customers/my-details.handlers';
import { accountSetupHandlers } from './customers/account-setup.handlers';
import { devEmailHandlers } from './dev/dev-emails.handlers';
import { menuHandlers } from './restaurants/menu.handlers';
import { restaurantHandlers } from './restaurants/restaurants.handlers';
import { timeSlotHandlers } from './restaurants/time-slots.handlers';
import { sessionHandlers } from './sessions/sessions.handlers';
import { signInLinkHandlers } from './sessions/sign-in-link.handlers';
import { settingsHandlers } from './settings/settings.handlers';
import { kitOrderHandlers } from './kit-orders/kit-orders.handlers';
import { subscriptionHandlers } from './subscriptions/subscriptions.handlers';
import { planSettingsHandlers } from './subscriptions/plan-settings.handlers';
import { scheduleWeekHandlers } from './schedule-weeks/schedule-weeks.handlers';
import { billingRunHandlers } from './subscriptions/billing-runs.handlers';
import { storeCreditHandlers } from './store-credit/store-credit.handlers';
import { emailVerificationHandlers } from './email-verification/email-verification.handlers';
import { supportRequestHandlers } from './support-requests/support-requests.handlers';
import { rewardHandlers } from './rewards/rewards.handlers';

export function createHandlers(deps: Deps): Partial<OperationHandlers> {
  return {
    ...settingsHandlers(deps),
    ...restaurantHandlers(deps),
    ...menuHandlers(deps),
    ...timeSlotHandlers(deps),
    ...sessionHandlers(deps),
    ...signInLinkHandlers(deps),
    ...customerHandlers(deps),
    ...myDetailsHandlers(deps),
    ...accountSetupHandlers(deps),
    ...devEmailHandlers(deps),
    ...postcodeHandlers(deps),
    ...basketHandlers(deps),
    ...paymentMethodHandlers(deps),
    ...paymentHandlers(deps),
    ...sandboxHandlers(deps),
    ...orderHandlers(deps),
    ...orderEditHandlers(deps),
    ...reorderHandlers(deps),
    ...relayHandlers(deps),
    ...ratingHandlers(deps),
    ...voucherHandlers(deps),
    ...deliveryEstimationHandlers(deps),
    ...catalogueHandlers(deps),
    ...sessionClientHandlers(deps),
    ...kitOrderHandlers(deps),
    ...subscriptionHandlers(deps),
    ...planSettingsHandlers(deps),
    ...scheduleWeekHandlers(deps),
    ...billingRunHandlers(deps),
    ...storeCreditHandlers(deps),
    ...addressHandlers(deps),
    ...emailVerificationHandlers(deps),
    ...supportRequestHandlers(deps),
    ...rewardHandlers(deps),
  };
}
