import { describe, expect, it } from 'vitest';
import {
  addressDraftErrors,
  addressLine,
  deletionNote,
  deletionRefusal,
  EMPTY_DRAFT,
  listedAddresses,
  SAVED_ADDRESS_MESSAGES,
  type SavedAddressEntry,
} from '../../domain/saved-addresses';

const entry = (id: string, overrides: Partial<SavedAddressEntry> = {}): SavedAddressEntry => ({
  id,
  firstName: 'Ada',
  lastName: 'Lovelace',
  phone: '+447812345678',
  address1: '12 Chiswick High Road',
  address2: null,
  city: 'London',
  zip: 'W4 2HD',
  isDefault: false,
  ...overrides,
});
const plan = (shipping: string, state: 'active' | 'cancelled' = 'active') => ({
  id: '7',
  state,
  shippingAddressId: shipping,
  billingAddressId: shipping,
});

describe('listedAddresses (product rules R3.1, R3.3 and R3.15)', () => {
  it('leaves out addresses without a street, a phone, a city or a zip, and the ignore_me placeholder', () => {
    const kept = entry('1');
    const list = listedAddresses([
      kept,
      entry('2', { address1: '' }),
      entry('3', { phone: null }),
      entry('4', { city: ' ' }),
      entry('5', { zip: '' }),
      entry('6', { address1: 'ignore_me' }),
    ]);

    expect(list.map((a) => a.id)).toEqual(['1']);
  });

  it('puts the default first', () => {
    expect(listedAddresses([entry('1'), entry('2', { isDefault: true })]).map((a) => a.id)).toEqual(
      ['2', '1'],
    );
  });
});

describe('addressDraftErrors: the UK rules, each message saying how to fix it', () => {
  it('asks for every missing field', () => {
    expect(addressDraftErrors(EMPTY_DRAFT).map((e) => e.message)).toEqual([
      'Enter your first name',
      'Enter your last name',
      'Enter a phone number',
      'Enter the first line of your address',
      'Enter your town or city',
      'Enter a postcode',
    ]);
  });

  it('refuses a foreign phone and a postcode that is not a UK one; the placeholder is no street', () => {
    const errors = addressDraftErrors({
      ...EMPTY_DRAFT,
      firstName: 'Ada',
      lastName: 'Lovelace',
      phone: '+33 6 12 34 56 78',
      address1: 'ignore_me',
      city: 'London',
      zip: '12345',
    });
    expect(errors.map((e) => e.field)).toEqual(['phone', 'address1', 'zip']);
    expect(errors[2]!.message).toBe('Enter a real postcode, like W4 2HD');
  });

  it('accepts a 0 or 0044 UK phone and a lower-case postcode', () => {
    const good = {
      ...EMPTY_DRAFT,
      firstName: 'Ada',
      lastName: 'Lovelace',
      address1: '1 Bath Road',
      city: 'London',
      zip: 'w4 2hd',
    };
    expect(addressDraftErrors({ ...good, phone: '07812 345678' })).toEqual([]);
    expect(addressDraftErrors({ ...good, phone: '0044 7812 345678' })).toEqual([]);
  });
});

describe('deleting an address with a plan on it (product rule R3.14)', () => {
  it('refuses the only address a plan that is not cancelled uses', () => {
    expect(deletionRefusal('1', [entry('1')], [plan('1')])).toBe(
      SAVED_ADDRESS_MESSAGES.onlyOneInUse,
    );
  });

  it('allows it with another address, saying the plan moves to the default', () => {
    expect(deletionRefusal('1', [entry('1'), entry('2')], [plan('1')])).toBeNull();
    expect(deletionNote('1', [plan('1')])).toBe(SAVED_ADDRESS_MESSAGES.planMoves);
  });

  it('a cancelled plan holds nothing', () => {
    expect(deletionRefusal('1', [entry('1')], [plan('1', 'cancelled')])).toBeNull();
    expect(deletionNote('1', [plan('1', 'cancelled')])).toBeNull();
  });
});

it('addressLine joins the parts there are', () => {
  expect(addressLine(entry('1', { address2: 'Flat 2' }))).toBe(
    '12 Chiswick High Road, Flat 2, London, W4 2HD',
  );
});
