import { useState, type FormEvent, type ReactNode } from 'react';
import type {
  CheckoutAddress,
  SavedAddress,
} from '../../../machines/kit-checkout/kit-checkout.types';
import { Button } from '../../components/form/button';
import { ChoiceGroup } from '../../components/form/choice-group';
import { AddressFields } from '../checkout-shared/address-fields';

const NEW_ADDRESS = 'new-address';
const EMPTY: CheckoutAddress = {
  firstName: '',
  lastName: '',
  phone: '',
  address1: '',
  address2: '',
  city: '',
  zip: '',
  lat: null,
  lon: null,
};

const describe = (address: SavedAddress) =>
  [`${address.firstName} ${address.lastName}`, address.address1, address.city, address.zip].join(
    ', ',
  );

interface SavedAddressChoiceProps {
  legend: string;
  addresses: SavedAddress[];
  selectedId: string | null;
  busy: boolean;
  errorFor: (field: string) => string | undefined;
  phoneHint: string;
  defaults: Partial<CheckoutAddress>;
  /** The delivery address step finds a new address by postcode (product rule R8.11). */
  postcodeFinder?: ReactNode;
  /** What the finder filled in the new address; each new one is merged into the form. */
  filled?: Partial<CheckoutAddress> | null;
  onChoose: (addressId: string) => void;
  onSubmit: (form: CheckoutAddress) => void;
}

/** A saved address, or a new one (GOV.UK radios with a conditional form). */
export function SavedAddressChoice({
  legend,
  addresses,
  selectedId,
  busy,
  errorFor,
  phoneHint,
  defaults,
  postcodeFinder,
  filled = null,
  onChoose,
  onSubmit,
}: SavedAddressChoiceProps) {
  const [picked, setPicked] = useState<string>(
    selectedId ?? addresses.find((a) => a.isDefault)?.id ?? addresses[0]?.id ?? NEW_ADDRESS,
  );
  const [form, setForm] = useState<CheckoutAddress>({ ...EMPTY, ...defaults, ...filled });
  // Merged while rendering (React's pattern for state that follows a prop), not in an effect.
  const [merged, setMerged] = useState(filled);
  if (filled !== merged) {
    setMerged(filled);
    if (filled) setForm((current) => ({ ...current, ...filled }));
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (picked === NEW_ADDRESS) onSubmit(form);
    else onChoose(picked);
  };
  return (
    <form onSubmit={submit} noValidate>
      {addresses.length > 0 && (
        <ChoiceGroup
          id="saved-address"
          type="radio"
          legend={legend}
          choices={[
            ...addresses.map((address) => ({ value: address.id, label: describe(address) })),
            { value: NEW_ADDRESS, label: 'A new address' },
          ]}
          values={[picked]}
          onChange={([value]) => setPicked(value ?? NEW_ADDRESS)}
        />
      )}
      {picked === NEW_ADDRESS && postcodeFinder}
      {picked === NEW_ADDRESS && (
        <AddressFields form={form} onChange={setForm} errorFor={errorFor} phoneHint={phoneHint} />
      )}
      <Button type="submit" busy={busy}>
        Continue
      </Button>
    </form>
  );
}
