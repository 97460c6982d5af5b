import { describe, expect, it } from 'vitest';
import { createAddress, listAddresses } from '../../../src/api/addresses';
import { addOrderAddress } from '../../../src/api/order-edit';
import type { AddressDraft } from '../../../machines/order-edit/order-edit.types';
import { signedUpClient } from '../support/typed-client';
import { useTestApp } from '../support/test-app';

const getApp = useTestApp();

const draft: AddressDraft = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  phone: '07812 345678',
  address1: ' 3 Leather Lane ',
  address2: '',
  city: 'London',
  zip: 'ec1n7tj',
};

describe('src/api/order-edit addOrderAddress against the server (product rule R9.25)', () => {
  it('saves the new address to the address book, the default unchanged, as the step lists it', async () => {
    const { client } = await signedUpClient(getApp().app);
    const home = await createAddress(
      { ...draft, address1: '12 Exmouth Market', zip: 'EC1R 4QE', lat: null, lon: null },
      { isDefault: true },
      client,
    );

    const added = await addOrderAddress(draft, client);

    expect(added).toEqual({
      id: expect.stringMatching(/^\d+$/),
      line: '3 Leather Lane, London EC1N 7TJ',
    });
    const listed = await listAddresses(client);
    expect(listed.find((a) => a.id === added.id)?.isDefault).toBe(false);
    expect(listed.find((a) => a.id === home.id)?.isDefault).toBe(true);
  });

  it('fails with the field the server blames, in its words', async () => {
    const { client } = await signedUpClient(getApp().app);

    await expect(addOrderAddress({ ...draft, zip: 'nowhere' }, client)).rejects.toMatchObject({
      status: 400,
      field: 'zip',
      message: expect.any(String),
    });
  });
});
