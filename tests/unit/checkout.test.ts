import { describe, expect, it } from 'vitest';
import {
  billingAddressFor,
  canSkipShippingScreen,
  cardFormErrors,
  deliveryAddressFor,
  deliveryDetailsErrors,
  hasDeliveryDetails,
  hasKnownDeliveryAddress,
  parseCardExpiry,
} from '../../domain/checkout';

const details = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  phone: '07812 345678',
  address1: '1 Turnham Green Terrace',
  city: 'London',
  zip: 'W4 1RG',
};

describe('the shipping screen skip (product rule R5.4)', () => {
  it('needs first name, last name and a real address1', () => {
    expect(canSkipShippingScreen(details)).toBe(true);
    expect(canSkipShippingScreen({ ...details, firstName: ' ' })).toBe(false);
    expect(canSkipShippingScreen({ ...details, lastName: null })).toBe(false);
    expect(canSkipShippingScreen({ ...details, address1: 'ignore_me' })).toBe(false);
    expect(canSkipShippingScreen(null)).toBe(false);
  });

  it('a delivery also needs a ready address (city, zip) and a phone', () => {
    expect(hasDeliveryDetails(details)).toBe(true);
    expect(hasDeliveryDetails({ ...details, zip: '' })).toBe(false);
    expect(hasDeliveryDetails({ ...details, city: null })).toBe(false);
    expect(hasDeliveryDetails({ ...details, phone: '' })).toBe(false);
  });
});

describe('deliveryDetailsErrors', () => {
  it('accepts complete details with a UK phone (a leading 0 read as +44, 0044 accepted)', () => {
    expect(deliveryDetailsErrors(details)).toEqual([]);
    expect(deliveryDetailsErrors({ ...details, phone: '0044 7812 345678' })).toEqual([]);
  });

  it('says how to fix each field', () => {
    expect(
      deliveryDetailsErrors({
        firstName: '',
        lastName: '',
        phone: '',
        address1: '',
        city: '',
        zip: '',
      }),
    ).toEqual([
      { field: 'firstName', message: 'Enter your first name' },
      { field: 'lastName', message: 'Enter your last name' },
      { field: 'phone', message: 'Enter a phone number' },
      { field: 'address1', message: 'Enter the first line of your address' },
      { field: 'city', message: 'Enter your town or city' },
      { field: 'zip', message: 'Enter a postcode' },
    ]);
  });

  it('refuses a non-GB phone, the placeholder street and a postcode of the wrong shape', () => {
    const errors = deliveryDetailsErrors({
      ...details,
      phone: '+33 6 12 34 56 78',
      address1: 'ignore_me',
      zip: 'W4',
    });
    expect(errors.map((error) => error.field)).toEqual(['phone', 'address1', 'zip']);
    expect(errors[2]?.message).toBe('Enter a real postcode, like W4 2HD');
  });
});

describe('the card form', () => {
  it('reads expiry dates in the usual shapes', () => {
    expect(parseCardExpiry('04/29')).toEqual({ month: 4, year: 2029 });
    expect(parseCardExpiry('4 / 2031')).toEqual({ month: 4, year: 2031 });
    expect(parseCardExpiry('1229')).toEqual({ month: 12, year: 2029 });
    expect(parseCardExpiry('13/29')).toBeUndefined();
    expect(parseCardExpiry('00/29')).toBeUndefined();
    expect(parseCardExpiry('soon')).toBeUndefined();
  });

  it('asks for each missing field, and leaves the number check to the gateway', () => {
    expect(cardFormErrors({ number: '', expiry: '', cvc: '' }).map((e) => e.message)).toEqual([
      'Enter your card number',
      'Enter the expiry date',
      'Enter the security code',
    ]);
    expect(cardFormErrors({ number: '4242 4242 4242 4241', expiry: '04/29', cvc: '123' })).toEqual(
      [],
    );
    expect(
      cardFormErrors({ number: '4242', expiry: '4/2', cvc: '12345' }).map((e) => e.field),
    ).toEqual(['cardNumber', 'cardExpiry', 'cardCvc']);
  });
});

describe('billingAddressFor (product rule R8.3)', () => {
  const list = [
    { id: '1', isDefault: false },
    { id: '2', isDefault: true },
  ];

  it('defaults to the default address', () => {
    expect(billingAddressFor(list, null)).toBe('2');
  });

  it('keeps a chosen address while it is in the list', () => {
    expect(billingAddressFor(list, '1')).toBe('1');
  });

  it('is cleared when the chosen address leaves the list (back to the default, or none)', () => {
    expect(billingAddressFor(list, '9')).toBe('2');
    expect(billingAddressFor([{ id: '1', isDefault: false }], '9')).toBeNull();
    expect(billingAddressFor([], '1')).toBeNull();
  });
});

describe('deliveryAddressFor', () => {
  it('keeps the chosen address, else the default, else the first', () => {
    const list = [
      { id: '1', isDefault: false },
      { id: '2', isDefault: true },
    ];
    expect(deliveryAddressFor(list, '1')).toBe('1');
    expect(deliveryAddressFor(list, '9')).toBe('2');
    expect(deliveryAddressFor([{ id: '1', isDefault: false }], null)).toBe('1');
    expect(deliveryAddressFor([], null)).toBeNull();
  });
});

describe('hasKnownDeliveryAddress (product rule R5.2)', () => {
  const street = { address1: '1 Turnham Green Terrace', city: 'London', zip: 'W4 1RG' };

  it('needs names (the address’s or the account’s) and a ready address', () => {
    expect(hasKnownDeliveryAddress({ ...street, firstName: 'Ada', lastName: 'L' }, null)).toBe(
      true,
    );
    expect(hasKnownDeliveryAddress(street, { firstName: 'Ada', lastName: 'L' })).toBe(true);
    expect(hasKnownDeliveryAddress(street, null)).toBe(false);
    expect(hasKnownDeliveryAddress(null, { firstName: 'Ada', lastName: 'L' })).toBe(false);
  });

  it('refuses the ignore_me placeholder and a missing city or zip', () => {
    const names = { firstName: 'Ada', lastName: 'L' };
    expect(hasKnownDeliveryAddress({ ...street, ...names, address1: 'ignore_me' }, null)).toBe(
      false,
    );
    expect(hasKnownDeliveryAddress({ ...street, ...names, city: '' }, null)).toBe(false);
    expect(hasKnownDeliveryAddress({ ...street, ...names, zip: ' ' }, null)).toBe(false);
  });
});
