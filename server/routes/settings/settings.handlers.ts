import type { OperationHandlers } from '../../http/handler';
import type { Deps } from '../../deps';
import { MINIMUM_SPEND_POUNDS, DEFAULT_DELIVERY_PRICE_POUNDS } from '../../../domain/money';

export function settingsHandlers({ config }: Deps): OperationHandlers<'getSettings'> {
  return {
    getSettings: async () => ({
      data: {
        type: 'settings',
        id: 'web',
        attributes: {
          currency: 'GBP',
          country: 'GB',
          minimum_spend: MINIMUM_SPEND_POUNDS,
          minimum_spend_per_order: MINIMUM_SPEND_POUNDS,
          default_delivery_price: DEFAULT_DELIVERY_PRICE_POUNDS,
          support_phone: config.supportPhone,
          demo_banner: config.demoBanner,
          payment_processor: config.stripeSecretKey ? 'stripe' : 'sandbox',
          stripe_publishable_key: config.stripeSecretKey
            ? (config.stripePublishableKey ?? null)
            : null,
        },
      },
    }),
  };
}
