import type { AnyMachineSnapshot, EventObject } from 'xstate';
import {
  ADDRESS_SEARCH_MESSAGES,
  addressSearchMachine,
  type AddressSearchEvent,
  type LocatedAddress,
} from '../../machines/address-search/address-search.machine';
import { pathModel, stored } from '../../tests/machines/address-search/events';
import { expect } from '../support/fixtures';
import { storeDelivery } from '../support/stored-delivery';
import { dropNextCall } from './outcomes';
import {
  uiAdapter,
  type Executor,
  type MachineEventType,
  type MachineStateKey,
  type StateCheck,
  type UiContext,
} from './ui-adapter';

/** The postcode the walk typed, and the address the seeded directory lists for it. */
interface AddressWorld {
  postcode: { code: string; address: string } | undefined;
}

type Ctx = UiContext<AddressWorld>;
type Of<T extends AddressSearchEvent['type']> = Extract<AddressSearchEvent, { type: T }>;

const SEARCH_URL = /\/pasta-now-search-address$/;

/** Postcodes of the seeded directory, each chosen for the outcome the path needs further on. */
const POSTCODES = {
  // Near Chiswick: a restaurant delivers.
  served: { code: 'W4 2HD', address: '12 Devonshire Road, London' },
  // Far from every restaurant (product rule R3.8).
  unserved: { code: 'EH1 1YZ', address: '2 Princes Street, Edinburgh' },
  // Unknown to the directory: the server's 404 names it.
  unknown: { code: 'zz99zz', address: '' },
  // Not listed, in a district that exists: placed at the district's centre with no addresses, the
  // customer types the street (product rule R3.13). W4's centre is near Chiswick, EH1's far.
  districtServed: { code: 'W4 1AA', address: '' },
  districtUnserved: { code: 'EH1 1AA', address: '' },
};

const postcodeFor = (after: EventObject[]) => {
  if (after[0]?.type === 'xstate.error.actor.lookupAddresses') return POSTCODES.unknown;
  const located = after.find((event) => event.type === 'xstate.done.actor.locateAddress') as
    { output?: LocatedAddress } | undefined;
  const unserved = located?.output?.restaurant === null;
  if ((after[0] as { output?: unknown[] } | undefined)?.output?.length === 0)
    return unserved ? POSTCODES.districtUnserved : POSTCODES.districtServed;
  return unserved ? POSTCODES.unserved : POSTCODES.served;
};

/**
 * Locating fails when no answer comes: the restaurants' read is dropped on the network once (it
 * never reaches the server), set up as the address that starts it is given.
 */
const dropLocatingIfNext = async ({ page, next }: Ctx & { next?: EventObject }) => {
  if (next?.type === 'xstate.error.actor.locateAddress')
    await dropNextCall(page, (url) => url.pathname === '/api/v2/restaurants/nearest');
};

const form = (page: Ctx['page']) => page.getByRole('main');

/** Each event as the customer brings it about; a new event without one fails to compile. */
const executors = {
  'stored.use': async ({ page }) => {
    await page.getByRole('button', { name: 'Continue' }).click();
  },
  'search.restart': async ({ page, from }) => {
    const name = from.matches('confirmingStored')
      ? 'Use another address'
      : from.matches('unavailable')
        ? 'Check another address'
        : 'Change postcode';
    await page.getByRole('button', { name }).click();
  },
  'postcode.submit': async ({ page, event, after, world }) => {
    const { postcode } = event as Of<'postcode.submit'>;
    const valid = postcode === 'w42hd';
    world.postcode = valid ? postcodeFor(after) : undefined;
    await page.getByLabel('Postcode').fill(world.postcode?.code ?? postcode);
    await page.getByRole('button', { name: 'Find my address' }).click();
  },
  'address.choose': async (step) => {
    const { page, event, world } = step;
    await dropLocatingIfNext(step);
    if ((event as Of<'address.choose'>).addressId !== null)
      await page.getByRole('radio', { name: world.postcode!.address }).check();
    await form(page).getByRole('button', { name: 'Deliver here' }).click();
  },
  'address.enterManually': async ({ page }) => {
    await page.getByRole('button', { name: 'My address is not listed' }).click();
  },
  'address.submit': async (step) => {
    const { page, event } = step;
    await dropLocatingIfNext(step);
    const typed = event as Of<'address.submit'>;
    await page.getByLabel('Address line 1').fill(typed.address1);
    await page.getByLabel('Town or city').fill(typed.city);
    await form(page).getByRole('button', { name: 'Deliver here' }).click();
  },
  'kit.choose': async ({ page }) => {
    await page.getByRole('button', { name: 'Get a recipe kit' }).click();
  },
  'xstate.done.actor.lookupAddresses': async () => {},
  'xstate.error.actor.lookupAddresses': async () => {},
  'xstate.done.actor.locateAddress': async () => {},
  'xstate.error.actor.locateAddress': async () => {},
} satisfies Record<MachineEventType<typeof addressSearchMachine>, Executor<AddressWorld>>;

/** The machine's own messages are the customer's words; a lookup's comes from the server. */
async function expectError(page: Ctx['page'], snapshot: AnyMachineSnapshot) {
  const error = (snapshot.context as { error: { message: string } | null }).error;
  if (error === null) return;
  const own = (Object.values(ADDRESS_SEARCH_MESSAGES) as string[]).includes(error.message);
  await expect(page.getByRole('alert')).toContainText(own ? error.message : /\S/);
}

/** What the customer sees in each state (the machine's steps carry no meta.path: one URL). */
const states = {
  confirmingStored: async ({ page }) => {
    await expect(page).toHaveURL(SEARCH_URL);
    await expect(
      page.getByText('Deliver to 12 Devonshire Road, London, W4 2HD from Chiswick?'),
    ).toBeVisible();
  },
  enteringPostcode: async ({ page, snapshot }) => {
    await expect(page).toHaveURL(SEARCH_URL);
    await expect(page.getByLabel('Postcode')).toBeVisible();
    await expectError(page, snapshot);
  },
  lookingUpAddresses: 'transient',
  choosingAddress: async ({ page, snapshot, world }) => {
    await expect(page).toHaveURL(SEARCH_URL);
    await expect(page.getByRole('radio', { name: world.postcode!.address })).toBeVisible();
    await expectError(page, snapshot);
  },
  enteringAddress: async ({ page, snapshot }) => {
    await expect(page).toHaveURL(SEARCH_URL);
    await expect(page.getByLabel('Address line 1')).toBeVisible();
    // Product rule R3.13: a postcode placed at its district's centre comes with no address list.
    const listed = (snapshot.context as { addresses: unknown[] }).addresses.length > 0;
    await expect(page.getByText(/but not its addresses: type your house number/)).toHaveCount(
      listed ? 0 : 1,
    );
    await expectError(page, snapshot);
  },
  locating: 'transient',
  // Product rule R3.8: no restaurant delivers there: a recipe kit, or another address.
  unavailable: async ({ page }) => {
    const dialog = page.getByRole('dialog', {
      name: "Sorry, we can't deliver hot pasta to this address yet",
    });
    await expect(dialog).toContainText(ADDRESS_SEARCH_MESSAGES.noRestaurants);
  },
  found: async ({ page }) => {
    await expect(page).toHaveURL(/\/pasta-now$/);
  },
  recipeKit: async ({ page }) => {
    await expect(page).toHaveURL(/\/menu$/);
  },
} satisfies Partial<Record<MachineStateKey<typeof addressSearchMachine>, StateCheck<AddressWorld>>>;

export const addressSearchUi = uiAdapter(addressSearchMachine, {
  machine: 'address-search',
  model: pathModel,
  world: () => ({ postcode: undefined }),
  entries: {
    'a first visit': async ({ page }) => {
      await page.goto('/pasta-now-search-address');
    },
    // Product rule R3.10: the delivery found last time, kept for a week in this browser.
    'a returning visitor with stored details': async ({ page }) => {
      await page.goto('/support');
      await storeDelivery(page, stored);
      await page.goto('/pasta-now-search-address');
    },
  },
  executors,
  states,
});
