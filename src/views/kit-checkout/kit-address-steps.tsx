import { useSelector } from '@xstate/react';
import { useDocumentTitle } from '../../app/use-document-title';
import { ErrorSummary } from '../../components/form/error-summary';
import { useFormStep } from '../../flows/use-form-step';
import type { KitStepProps } from './kit-step-props';
import { PostcodeFinder } from './postcode-finder';
import { SavedAddressChoice } from './saved-address-choice';

/** Where the box goes: a saved address or a new one. */
export function KitAddressStep({ actor }: KitStepProps) {
  useDocumentTitle('Checkout: delivery address');
  const { busy, summary, errorFor } = useFormStep(actor);
  const addresses = useSelector(actor, (s) => s.context.addresses);
  const selectedId = useSelector(actor, (s) => s.context.shippingAddressId);
  const customer = useSelector(actor, (s) => s.context.customer);
  const filled = useSelector(actor, (s) => s.context.foundAddress);
  return (
    <div className="narrow">
      <ErrorSummary errors={summary} />
      <h1>Delivery address</h1>
      <SavedAddressChoice
        legend="Where should we deliver your box?"
        addresses={addresses}
        selectedId={selectedId}
        busy={busy}
        errorFor={errorFor}
        phoneHint="For the courier, if they cannot find you."
        postcodeFinder={<PostcodeFinder actor={actor} streetFieldId="address1" />}
        filled={filled}
        defaults={{
          firstName: customer?.firstName ?? '',
          lastName: customer?.lastName ?? '',
          phone: customer?.phone ?? '',
        }}
        onChoose={(addressId) => actor.send({ type: 'address.choose', addressId })}
        onSubmit={(form) => actor.send({ type: 'address.submit', form })}
      />
    </div>
  );
}

/** The billing address: the default address unless the customer chooses another. */
export function KitBillingStep({ actor }: KitStepProps) {
  useDocumentTitle('Checkout: billing address');
  const { busy, summary, errorFor } = useFormStep(actor);
  const addresses = useSelector(actor, (s) => s.context.addresses);
  const selectedId = useSelector(actor, (s) => s.context.billingAddressId);
  return (
    <div className="narrow">
      <ErrorSummary errors={summary} />
      <h1>Billing address</h1>
      <SavedAddressChoice
        legend="Which address is your card registered to?"
        addresses={addresses}
        selectedId={selectedId}
        busy={busy}
        errorFor={errorFor}
        phoneHint="The phone number your bank knows."
        defaults={{}}
        onChoose={(addressId) => actor.send({ type: 'billing.choose', addressId })}
        onSubmit={(form) => actor.send({ type: 'billing.submit', form })}
      />
    </div>
  );
}
