import { asc, inArray } from 'drizzle-orm';
import { catalogueProducts, deliveryFeeConfig } from '../../db/schema';
import type { OperationHandlers } from '../../http/handler';
import type { Deps } from '../../deps';

const pounds = (pence: number) => pence / 100;

export function catalogueHandlers({
  catalogue,
  db,
}: Deps): OperationHandlers<'listBundles' | 'listDeliveryFeeConfig'> {
  return {
    listBundles: async () => {
      const ids = await catalogue.allowedBundleIds();
      const handles =
        ids.length === 0
          ? []
          : await db
              .select({ id: catalogueProducts.id, handle: catalogueProducts.handle })
              .from(catalogueProducts)
              .where(inArray(catalogueProducts.id, ids));
      return {
        data: ids.map((id) => ({
          type: 'bundles' as const,
          id: String(id),
          attributes: { product_id: id, handle: handles.find((h) => h.id === id)?.handle ?? '' },
        })),
      };
    },
    listDeliveryFeeConfig: async () => {
      const rows = await db
        .select()
        .from(deliveryFeeConfig)
        .orderBy(asc(deliveryFeeConfig.weekDay));
      return {
        data: rows.map((row) => ({
          type: 'delivery_fee_config' as const,
          id: String(row.weekDay),
          attributes: {
            week_day: { index: row.weekDay },
            price: pounds(row.pricePence),
            threshold: row.thresholdPence === null ? null : pounds(row.thresholdPence),
          },
        })),
      };
    },
  };
}
