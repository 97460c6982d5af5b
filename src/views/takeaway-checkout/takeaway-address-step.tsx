import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import type { CheckoutAddress } from '../../../machines/checkout-shared/checkout-shared.types';
import { useDocumentTitle } from '../../app/use-document-title';
import { Button } from '../../components/form/button';
import { ErrorSummary } from '../../components/form/error-summary';
import { useFormStep } from '../../flows/use-form-step';
import { AddressFields } from '../checkout-shared/address-fields';
import type { TakeawayStepProps } from './takeaway-step-props';

/** Who receives the order and where: prefilled from the basket's address and the account. */
export function TakeawayAddressStep({ actor }: TakeawayStepProps) {
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
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'address.submit', form });
  };
  return (
    <div className="narrow">
      <ErrorSummary errors={summary} />
      <h1>Delivery details</h1>
      <form onSubmit={submit} noValidate>
        <AddressFields
          form={form}
          onChange={setForm}
          errorFor={errorFor}
          phoneHint="For the rider, if they cannot find you."
        />
        <Button type="submit" busy={busy}>
          Continue
        </Button>
      </form>
    </div>
  );
}
