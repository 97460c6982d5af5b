import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import type { CheckoutAddress } from '../../../machines/takeaway-checkout/takeaway-checkout.types';
import { useDocumentTitle } from '../../app/use-document-title';
import { Button } from '../../components/form/button';
import { ErrorSummary } from '../../components/form/error-summary';
import { TextField } from '../../components/form/text-field';
import { useFormStep } from '../../flows/use-form-step';
import { UK_PHONE_HINT } from '../../domain/phone';
import type { CheckoutStepProps } from './checkout-step-props';

/** Who receives the order and where: prefilled from the basket's address and the account. */
export function AddressStep({ actor }: CheckoutStepProps) {
  useDocumentTitle('Checkout: delivery details');
  const { busy, summary, errorFor } = useFormStep(actor);
  const initial = useSelector(actor, (snapshot): CheckoutAddress => {
    const { basket, customer } = snapshot.context;
    const address = basket?.address ?? {};
    return {
      firstName: address.firstName || customer?.firstName || '',
      lastName: address.lastName || customer?.lastName || '',
      phone: address.phone || customer?.phone || '',
      address1: address.address1 ?? '',
      address2: address.address2 ?? '',
      city: address.city ?? '',
      zip: address.zip ?? '',
      lat: address.lat ?? null,
      lon: address.lon ?? null,
    };
  });
  const [form, setForm] = useState(initial);
  const field = (name: Exclude<keyof CheckoutAddress, 'lat' | 'lon'>) => ({
    id: name,
    value: form[name],
    error: errorFor(name),
    onChange: (event: { target: { value: string } }) =>
      setForm({ ...form, [name]: event.target.value }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'address.submit', form });
  };
  return (
    <div className="narrow">
      <ErrorSummary errors={summary} />
      <h1>Delivery details</h1>
      <form onSubmit={submit} noValidate>
        <TextField label="First name" autoComplete="given-name" {...field('firstName')} />
        <TextField label="Last name" autoComplete="family-name" {...field('lastName')} />
        <TextField
          label="Phone number"
          type="tel"
          autoComplete="tel"
          hint={`For the rider, if they cannot find you. ${UK_PHONE_HINT}`}
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
        <Button type="submit" busy={busy}>
          Continue
        </Button>
      </form>
    </div>
  );
}
