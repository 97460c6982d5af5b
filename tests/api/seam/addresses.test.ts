import { describe, expect, it } from 'vitest';
import { createAddress, listAddresses } from '../../../src/api/addresses';
import type { CheckoutAddress } from '../../../machines/checkout-shared/checkout-shared.types';
import { checkoutCall } from '../../../src/views/checkout-shared/checkout-call';
import { signedUpClient, typedApiClient } from '../support/typed-client';
import { useTestApp } from '../support/test-app';

const getApp = useTestApp();

const form: CheckoutAddress = {
  firstName: ' Ada ',
  lastName: 'Lovelace',
  phone: '07812 345678',
  address1: ' 12 Exmouth Market ',
  address2: ' ',
  city: 'London',
  zip: 'ec1r4qe',
  lat: null,
  lon: null,
};

describe('src/api/addresses against the server', () => {
  it('saves the delivery address as the default, trimmed and in UK forms, and lists it', async () => {
    const { client } = await signedUpClient(getApp().app);

    const saved = await createAddress(form, { isDefault: true }, client);
    const billing = await createAddress({ ...form, address1: '1 Billing Road' }, {}, client);

    expect(saved).toEqual({
      id: expect.stringMatching(/^\d+$/),
      firstName: 'Ada',
      lastName: 'Lovelace',
      phone: '+447812345678',
      address1: '12 Exmouth Market',
      address2: null,
      city: 'London',
      zip: 'EC1R 4QE',
      isDefault: true,
    });
    expect(billing.isDefault).toBe(false);
    const listed = await listAddresses(client);
    expect(listed.map((address) => address.id).sort()).toEqual([saved.id, billing.id].sort());
    expect(listed.find((address) => address.id === saved.id)).toEqual(saved);
  });

  it('fails as the checkout reads it: the field the server blames, or 401 without a session', async () => {
    const { client } = await signedUpClient(getApp().app);

    await expect(
      checkoutCall(() => createAddress({ ...form, zip: 'nowhere' }, {}, client)),
    ).rejects.toMatchObject({ status: 400, field: 'zip' });
    await expect(
      checkoutCall(() => listAddresses(typedApiClient(getApp().app))),
    ).rejects.toMatchObject({ status: 401, code: 'unauthorized' });
  });
});
