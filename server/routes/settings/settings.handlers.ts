import type { OperationHandlers } from '../../http/handler';
import type { operations } from '../../../openapi/schema';
import type { Config } from '../../config';
import type { Deps } from '../../deps';
import { MINIMUM_SPEND_POUNDS, DEFAULT_DELIVERY_PRICE_POUNDS } from '../../../domain/money';

type SettingsDocument = operations['getSettings']['responses'][200]['content']['application/json'];

/** GET settings' document; the served HTML carries it too (product rule R14.12). */
export function settingsDocument(config: Config): SettingsDocument {
  return {
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
        flows_viewer: config.flowsViewer,
        payment_processor: config.stripeSecretKey ? 'stripe' : 'sandbox',
        stripe_publishable_key: config.stripeSecretKey
          ? (config.stripePublishableKey ?? null)
          : null,
      },
    },
  };
}

export function settingsHandlers({ config }: Deps): OperationHandlers<'getSettings'> {
  return { getSettings: async () => settingsDocument(config) };
}
