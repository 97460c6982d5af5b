import type { CheckoutAddress } from '../../../machines/checkout-shared/checkout-shared.types';
import { TextField } from '../../components/form/text-field';
import { UK_PHONE_HINT } from '../../../domain/phone';

export type AddressFormFields = Exclude<keyof CheckoutAddress, 'lat' | 'lon'>;

interface AddressFieldsProps {
  form: CheckoutAddress;
  onChange: (form: CheckoutAddress) => void;
  errorFor: (field: string) => string | undefined;
  /** Why the phone is asked for (the rider, the courier). */
  phoneHint: string;
  /** Prefix for the ids when two address forms share a page. */
  idPrefix?: string;
}

/** A UK address with the names and phone of who receives it (GOV.UK address pattern). */
export function AddressFields({
  form,
  onChange,
  errorFor,
  phoneHint,
  idPrefix = '',
}: AddressFieldsProps) {
  const field = (name: AddressFormFields) => ({
    id: `${idPrefix}${name}`,
    value: form[name],
    error: errorFor(name),
    onChange: (event: { target: { value: string } }) =>
      onChange({ ...form, [name]: event.target.value }),
  });
  return (
    <>
      <TextField label="First name" autoComplete="given-name" {...field('firstName')} />
      <TextField label="Last name" autoComplete="family-name" {...field('lastName')} />
      <TextField
        label="Phone number"
        type="tel"
        autoComplete="tel"
        hint={`${phoneHint} ${UK_PHONE_HINT}`}
        {...field('phone')}
      />
      <TextField label="Address line 1" autoComplete="address-line1" {...field('address1')} />
      <TextField
        label="Address line 2 (optional)"
        autoComplete="address-line2"
        {...field('address2')}
      />
      <TextField label="Town or city" autoComplete="address-level2" {...field('city')} />
      <TextField
        label="Postcode"
        autoComplete="postal-code"
        className="field__input--short"
        {...field('zip')}
      />
    </>
  );
}

export const EMPTY_ADDRESS: CheckoutAddress = {
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
