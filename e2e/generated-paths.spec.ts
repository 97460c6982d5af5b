import { join } from 'node:path';
import { describePath, type PathKind } from '../scripts/paths/generate';
import { expect } from './support/fixtures';
import { test } from './paths/walk-fixtures';
import { addressSearchUi } from './paths/address-search.ui';
import { authUi } from './paths/auth.ui';
import { changeDeliveryDateUi } from './paths/change-delivery-date.ui';
import { chooseRecipesUi } from './paths/choose-recipes.ui';
import { kitCheckoutUi } from './paths/kit-checkout.ui';
import { orderEditUi } from './paths/order-edit.ui';
import { orderPaymentUi } from './paths/order-payment.ui';
import { pastaPlanUi } from './paths/pasta-plan.ui';
import { paymentMethodsUi } from './paths/payment-methods.ui';
import { planSettingsUi } from './paths/plan-settings.ui';
import { recipeKitBasketUi } from './paths/recipe-kit-basket.ui';
import { savedAddressesUi } from './paths/saved-addresses.ui';
import { sessionUi } from './paths/session.ui';
import { takeawayBasketUi } from './paths/takeaway-basket.ui';
import { takeawayCheckoutUi } from './paths/takeaway-checkout.ui';
import { verifyEmailUi } from './paths/verify-email.ui';
import type { UiAdapter } from './paths/ui-adapter';
import {
  recordWalked,
  uiCoverage,
  uiPaths,
  walk,
  walkedIndexes,
  writeCoverage,
} from './paths/walk';

/**
 * Each flow machine's generated paths walked through the real UI against the real server: a
 * covering set (the shortest path to each state and transition, shared prefixes walked once), or
 * with PATHS_KIND=simple every simple path. `npm run paths -- run <machine> --ui` sets
 * PATHS_MACHINE, PATHS_KIND and PATHS_GREP.
 */
const adapters: UiAdapter[] = [
  authUi,
  addressSearchUi,
  changeDeliveryDateUi,
  chooseRecipesUi,
  kitCheckoutUi,
  orderEditUi,
  orderPaymentUi,
  pastaPlanUi,
  paymentMethodsUi,
  planSettingsUi,
  recipeKitBasketUi,
  savedAddressesUi,
  sessionUi,
  takeawayBasketUi,
  takeawayCheckoutUi,
  verifyEmailUi,
];

const only = process.env.PATHS_MACHINE;
const kind: PathKind = process.env.PATHS_KIND === 'simple' ? 'simple' : 'shortest';
const grep = process.env.PATHS_GREP || undefined;
const COVERAGE_FILE = join(import.meta.dirname, '..', 'test-results', 'ui-coverage.json');

for (const adapter of adapters.filter((entry) => only === undefined || entry.machine === only)) {
  test.describe(`${adapter.machine} paths through the real UI`, () => {
    // In order in one worker, so the coverage guard runs after every walk; a failure does not
    // stop the others.
    test.describe.configure({ mode: 'default' });
    const paths = uiPaths(adapter, kind, grep);

    paths.forEach((path, index) => {
      test(describePath(path), async ({ page, request }) => {
        await walk(adapter, path, page, request);
        recordWalked(adapter.machine, index);
      });
    });

    test(`${adapter.machine}: every state and transition its paths cover is reached through the UI`, () => {
      const walked = walkedIndexes(adapter.machine).map((index) => paths[index]!);
      const coverage = uiCoverage(adapter, paths, walked, kind, grep);
      writeCoverage(COVERAGE_FILE, adapter.machine, coverage);
      const { states, transitions } = coverage;
      console.log(
        `${adapter.machine} through the UI: paths ${walked.length}/${paths.length}, ` +
          `states ${states.reached}/${states.total}, transitions ${transitions.taken}/${transitions.total}` +
          Object.entries(coverage.notThroughTheUi)
            .map(([name, why]) => `\n  not through the UI: ${name} (${why})`)
            .join(''),
      );
      expect(
        coverage.unexpectedlyMissing,
        'reached by the model paths, not through the UI',
      ).toEqual([]);
    });
  });
}
