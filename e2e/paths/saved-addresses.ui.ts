import type { APIRequestContext, Page } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import {
  addressDraftErrors,
  addressLine,
  SAVED_ADDRESS_MESSAGES,
  type AddressDraft,
} from '../../domain/saved-addresses';
import {
  savedAddressesMachine,
  type SavedAddressesEvent,
} from '../../machines/saved-addresses/saved-addresses.machine';
import { parseUkPostcode } from '../../domain/postcode';
import { pathModel } from '../../tests/machines/saved-addresses/events';
import { apiCall, savedSandboxCard } from '../support/api';
import { expect, signUpViaApi } from '../support/fixtures';
import { expectFlashShown } from '../support/flashes';
import { kitBasket } from '../support/kit-checkout';
import { dropNextCall, statusOf } from './outcomes';
import {
  uiAdapter,
  type Executor,
  type MachineEventType,
  type MachineStateKey,
  type StateCheck,
} from './ui-adapter';

/** A card the page should list: the model's address id, its line, whether it is the default. */
interface Card {
  id: string;
  line: string;
  isDefault: boolean;
}

/**
 * The walk's customer's addresses as the page should list them, the default first; the ids the
 * server gave the model's two.
 */
interface AddressesWorld {
  cards: Card[];
  ids: Record<string, string>;
  opened: boolean;
}

type Of<T extends SavedAddressesEvent['type']> = Extract<SavedAddressesEvent, { type: T }>;

const URL = /\/account\/my-details$/;

/** The model's two addresses (tests/machines/saved-addresses/events.ts), saved through the API. */
const HOME = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  phone: '07812 345678',
  address1: '12 Chiswick High Road',
  city: 'London',
  zip: 'W4 2HD',
};
const WORK = { ...HOME, address1: '9 Bath Road', zip: 'W4 1LJ' };
const lineOf = (address: typeof HOME) => addressLine({ ...address, address2: null });

const BRANCH = { 'X-Branch': 'web' };

/** A plan (a box ordered through the API with a card that pays) shipping to this address. */
async function planOn(request: APIRequestContext, addressId: string) {
  const response = await request.post('/api/v2/orders/recipe_kits', {
    headers: BRANCH,
    data: {
      basket_id: await kitBasket(request),
      payment_method_id: await savedSandboxCard(request),
      shipping_address_id: addressId,
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

const section = (page: Page) => page.getByRole('region', { name: 'Saved addresses' });
const form = (page: Page) => section(page).getByRole('form');
const card = (page: Page, world: AddressesWorld, id: string) =>
  section(page).getByRole('listitem', { name: world.cards.find((c) => c.id === id)!.line });
const targetOf = (from: AnyMachineSnapshot) =>
  (from.context as { targetId: string | null }).targetId;

const FIELDS: [keyof AddressDraft, string][] = [
  ['firstName', 'First name'],
  ['lastName', 'Last name'],
  ['address1', 'Address line 1'],
  ['address2', 'Address line 2 (optional)'],
  ['city', 'Town or city'],
  ['zip', 'Postcode'],
  ['phone', 'Phone number'],
];

/** Opens the page; for a delete the server refuses, the customer's plan ships to the default. */
async function open(page: Page, world: AddressesWorld, after: EventObject[]) {
  if (after.some((event) => event.type === 'xstate.error.actor.deleteAddress'))
    await planOn(page.request, world.ids['1']!);
  world.opened = true;
  await page.goto('/account/my-details');
}

/** Each event as the customer brings it about; a new event without one fails to compile. */
const executors = {
  // After "Try again" the read answers on the page already open.
  'xstate.done.actor.loadAddresses': async ({ page, after, world }) => {
    if (!world.opened) await open(page, world, after);
  },
  // The list's read fails on the network as the page opens.
  'xstate.error.actor.loadAddresses': async ({ page, after, world }) => {
    await dropNextCall(page, /\/api\/v2\/addresses$/);
    await open(page, world, after);
  },
  'addresses.retry': async ({ page }) => {
    await section(page).getByRole('button', { name: 'Try again' }).click();
  },
  'address.add': async ({ page }) => {
    await section(page).getByRole('button', { name: 'Add an address' }).click();
  },
  'address.edit': async ({ page, event, world }) => {
    const { addressId } = event as Of<'address.edit'>;
    await card(page, world, addressId)
      .getByRole('button', { name: /^Edit / })
      .click();
  },
  'address.delete': async ({ page, event, world }) => {
    const { addressId } = event as Of<'address.delete'>;
    await card(page, world, addressId)
      .getByRole('button', { name: /^Delete / })
      .click();
  },
  'address.makeDefault': async ({ page, event, next, world }) => {
    const { addressId } = event as Of<'address.makeDefault'>;
    if (next?.type === 'xstate.error.actor.makeDefault')
      await dropNextCall(page, /\/api\/v2\/addresses\/\d+\/default$/);
    await card(page, world, addressId)
      .getByRole('button', { name: /^Make .* the default$/ })
      .click();
  },
  // The draft typed field by field; a save the server refuses on a field gets a first line longer
  // than the contract's 200 characters (the form does not count them), one it never gets is
  // dropped on the network.
  'form.submit': async ({ page, event, next }) => {
    const { draft } = event as Of<'form.submit'>;
    const refused = next?.type === 'xstate.error.actor.saveAddress' && statusOf(next) === 400;
    for (const [field, label] of FIELDS) {
      const value =
        field === 'address1' && refused ? draft.address1.padEnd(201, '.') : draft[field];
      await form(page).getByLabel(label, { exact: true }).fill(value);
    }
    if (next?.type === 'xstate.error.actor.saveAddress' && !refused)
      await dropNextCall(page, /\/api\/v2\/addresses(\/\d+)?$/);
    await form(page).getByRole('button', { name: 'Save address' }).click();
  },
  'form.cancel': async ({ page }) => {
    await form(page).getByRole('button', { name: 'Cancel' }).click();
  },
  // Refused (R3.14): behind this page's back the other address is deleted, the plan moves to this
  // one, which is now its only address.
  'delete.confirm': async ({ page, next, from, world }) => {
    if (next?.type === 'xstate.error.actor.deleteAddress') {
      const other = world.cards.find((c) => c.id !== targetOf(from))!.id;
      const response = await page.request.delete(`/api/v2/addresses/${world.ids[other]}`, {
        headers: BRANCH,
      });
      expect(response.status()).toBe(204);
    }
    await dialog(page).getByRole('button', { name: 'Yes, delete it' }).click();
  },
  'delete.cancel': async ({ page }) => {
    await dialog(page).getByRole('button', { name: 'Keep it' }).click();
  },
  'xstate.done.actor.saveAddress': async ({ from, world }) => {
    const { draft } = from.context as { draft: AddressDraft };
    const id = targetOf(from);
    // Saved as the server keeps it: the postcode in its UK form.
    const line = addressLine({ ...draft, zip: parseUkPostcode(draft.zip) ?? draft.zip });
    if (id === null) world.cards.push({ id: 'new', line, isDefault: false });
    else world.cards = world.cards.map((c) => (c.id === id ? { ...c, line } : c));
  },
  'xstate.error.actor.saveAddress': async () => {},
  'xstate.done.actor.deleteAddress': async ({ from, world }) => {
    const id = targetOf(from);
    const gone = world.cards.find((c) => c.id === id)!;
    world.cards = world.cards.filter((c) => c.id !== id);
    if (gone.isDefault && world.cards[0]) world.cards[0].isDefault = true;
  },
  'xstate.error.actor.deleteAddress': async () => {},
  'xstate.done.actor.makeDefault': async ({ from, world }) => {
    const id = targetOf(from);
    world.cards = world.cards
      .map((c) => ({ ...c, isDefault: c.id === id }))
      .sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
  },
  'xstate.error.actor.makeDefault': async () => {},
} satisfies Record<MachineEventType<typeof savedAddressesMachine>, Executor<AddressesWorld>>;

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Delete this address?' });

/** The section's own error summary (a refusal not tied to a field): the server's words or ours. */
async function expectSectionError(page: Page, snapshot: AnyMachineSnapshot) {
  const error = (snapshot.context as { error: string | null }).error;
  const summary = section(page)
    .getByRole('alert')
    .filter({ hasText: 'There is a problem' })
    .filter({ hasText: error ?? SAVED_ADDRESS_MESSAGES.actionFailed });
  await expect(summary).toHaveCount(error === null ? 0 : 1);
}

/** What the customer sees in each state (the section lives on /account/my-details). */
const states = {
  loading: 'transient',
  saving: 'transient',
  deleting: 'transient',
  makingDefault: 'transient',
  loadFailed: async ({ page }) => {
    await expect(page).toHaveURL(URL);
    await expect(section(page).getByRole('alert')).toContainText(SAVED_ADDRESS_MESSAGES.loadFailed);
    await expect(section(page).getByRole('button', { name: 'Try again' })).toBeVisible();
  },
  // The walk's addresses, the default first with its badge; a done action's confirmation.
  list: async ({ page, snapshot, world }) => {
    await expect(page).toHaveURL(URL);
    // The address cards (not the error summary's items).
    const items = section(page)
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: /^Edit / }) });
    await expect(items).toHaveCount(world.cards.length);
    for (const [index, { line, isDefault }] of world.cards.entries()) {
      await expect(items.nth(index)).toHaveAccessibleName(line);
      const badge = items.nth(index).getByText('Default', { exact: true });
      await expect(badge).toHaveCount(isDefault ? 1 : 0);
    }
    await expect(section(page).getByRole('button', { name: 'Add an address' })).toBeEnabled();
    const { notice } = snapshot.context as { notice: string | null };
    if (notice) await expectFlashShown(page, notice);
    await expectSectionError(page, snapshot);
  },
  // The form, filled from the address or empty; its problems in its own summary, on their fields.
  editing: async ({ page, snapshot }) => {
    await expect(page).toHaveURL(URL);
    const { targetId, draft, fieldErrors, error } = snapshot.context as {
      targetId: string | null;
      draft: AddressDraft;
      fieldErrors: { field: string; message: string }[];
      error: string | null;
    };
    await expect(form(page)).toHaveAccessibleName(
      targetId ? 'Edit your address' : 'Add an address',
    );
    if (fieldErrors.length === 0 && error === null)
      await expect(form(page).getByLabel('Address line 1')).toHaveValue(draft.address1);
    const summary = form(page).getByRole('alert');
    if (fieldErrors.length === 0) await expect(summary).toHaveCount(0);
    // The form's own messages word for word; the server's refusal on the field it names.
    const own = addressDraftErrors(draft).map((e) => e.message);
    for (const { message } of fieldErrors)
      await expect(summary).toContainText(own.includes(message) ? message : /\S/);
    if (fieldErrors.length > 0 && own.length === 0)
      await expect(form(page).getByLabel('Address line 1')).toHaveAttribute('aria-invalid', 'true');
    await expectSectionError(page, snapshot);
  },
  confirmingDelete: async ({ page, snapshot, world }) => {
    await expect(page).toHaveURL(URL);
    const { targetId } = snapshot.context as { targetId: string };
    const line = world.cards.find((c) => c.id === targetId)!.line;
    await expect(dialog(page)).toContainText(`${line} will be removed from your account.`);
  },
} satisfies Partial<
  Record<MachineStateKey<typeof savedAddressesMachine>, StateCheck<AddressesWorld>>
>;

export const savedAddressesUi = uiAdapter(savedAddressesMachine, {
  machine: 'saved-addresses',
  model: pathModel,
  world: (): AddressesWorld => ({
    ids: {},
    opened: false,
    cards: [
      { id: '1', line: lineOf(HOME), isDefault: true },
      { id: '2', line: lineOf(WORK), isDefault: false },
    ],
  }),
  entries: {
    // A new customer with the model's two addresses (the first saved is the default); the load's
    // executor opens the page.
    'the addresses page': async ({ page, world }) => {
      await signUpViaApi(page.request);
      world.ids['1'] = (await apiCall(page.request, 'post', '/addresses', HOME)).id;
      world.ids['2'] = (await apiCall(page.request, 'post', '/addresses', WORK)).id;
    },
  },
  executors,
  states,
});
