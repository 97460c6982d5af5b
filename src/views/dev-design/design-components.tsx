import { useState, type FormEvent } from 'react';
import { flash } from '../../components/flash/flash-store';
import { Button } from '../../components/form/button';
import { ChoiceGroup } from '../../components/form/choice-group';
import { ErrorSummary, type FieldError } from '../../components/form/error-summary';
import { TextField } from '../../components/form/text-field';
import { Modal } from '../../components/modal';
import { Badge } from '../../components/ui/badge';
import { DishImage } from '../../components/ui/dish-image';
import { PriceRows } from '../../components/ui/price-rows';
import { QuantityStepper } from '../../components/ui/quantity-stepper';
import { Tabs } from '../../components/ui/tabs';

const VARIANTS = ['primary', 'secondary', 'quiet', 'destructive'] as const;

function Buttons() {
  return (
    <>
      <h3>Buttons</h3>
      <div className="design__grid design__grid--buttons">
        {VARIANTS.map((variant) => (
          <div key={variant} className="design__row">
            <Button variant={variant}>{variant[0]!.toUpperCase() + variant.slice(1)}</Button>
            <Button variant={variant} busy>
              Saving…
            </Button>
            <Button variant={variant} disabled>
              Disabled
            </Button>
          </div>
        ))}
        <div className="design__row">
          <Button variant="link">Link button</Button>
          <Button className="button--block">Block primary</Button>
        </div>
      </div>
    </>
  );
}

function Controls() {
  const [extras, setExtras] = useState<string[]>(['parmigiano']);
  const [portion, setPortion] = useState<string[]>(['regular']);
  const [quantity, setQuantity] = useState(2);
  return (
    <>
      <h3>Checkbox, radio and quantity stepper</h3>
      <div className="design__columns">
        <ChoiceGroup
          id="design-extras"
          legend="Extras"
          hint="Choose as many as you like."
          type="checkbox"
          choices={[
            { value: 'parmigiano', label: 'Parmigiano (+£1.00)' },
            { value: 'chilli', label: 'Chilli oil (+£0.50)' },
            { value: 'burrata', label: 'Burrata (+£3.50)', hint: 'Made in Puglia this week.' },
          ]}
          values={extras}
          onChange={setExtras}
        />
        <ChoiceGroup
          id="design-portion"
          legend="Portion"
          type="radio"
          choices={[
            { value: 'regular', label: 'Regular, £12.50' },
            { value: 'double', label: 'Double, £22.00' },
          ]}
          values={portion}
          onChange={setPortion}
        />
        <div>
          <p className="field__label">Quantity</p>
          <QuantityStepper
            itemName="Cacio e pepe"
            quantity={quantity}
            min={1}
            max={10}
            onDecrease={() => setQuantity((current) => current - 1)}
            onIncrease={() => setQuantity((current) => current + 1)}
          />
        </div>
      </div>
    </>
  );
}

function Cards() {
  return (
    <>
      <h3>Cards, dish card, price rows and badges</h3>
      <div className="design__columns">
        <article className="card">
          <h4>A card</h4>
          <p>Surface, a soft border and the first elevation.</p>
          <p>
            <Badge tone="accent">Chef&apos;s pick</Badge> <Badge tone="success">Vegetarian</Badge>{' '}
            <Badge>New</Badge> <span className="tag tag--green">Verified</span>{' '}
            <span className="tag tag--yellow">Not verified</span>
          </p>
        </article>
        <article className="card design__dish">
          <DishImage src="/catalogue/cacio-e-pepe-tonnarelli.svg" sizes="320px" />
          <div className="design__dish-body">
            <h4>Cacio e pepe tonnarelli</h4>
            <p className="design__muted">Pecorino Romano, toasted black pepper.</p>
            <div className="design__dish-foot">
              <strong>£12.50</strong>
              <Button>Add</Button>
            </div>
          </div>
        </article>
        <article className="card">
          <h4>Price rows</h4>
          <PriceRows
            rows={[
              { label: 'Subtotal', amount: '£25.00' },
              { label: 'Delivery', amount: '£2.99' },
              { label: 'Voucher 10EXTRA', amount: '−£2.50', kind: 'discount' },
              { label: 'Total', amount: '£25.49', kind: 'total' },
            ]}
          />
        </article>
      </div>
    </>
  );
}

function Dialogs() {
  const [open, setOpen] = useState<'short' | 'long' | null>(null);
  const close = () => setOpen(null);
  return (
    <>
      <h3>Dialog and sheet</h3>
      <p>A centred dialog on a desktop; a bottom sheet on a phone (700 px or less).</p>
      <div className="design__row">
        <Button variant="secondary" onClick={() => setOpen('short')}>
          Open a dialog
        </Button>
        <Button variant="secondary" onClick={() => setOpen('long')}>
          Open a long dialog
        </Button>
      </div>
      <Modal open={open === 'short'} title="Empty your basket?" onClose={close}>
        <p>This removes every dish from your basket.</p>
        <div className="modal__actions">
          <Button variant="destructive" onClick={close}>
            Empty basket
          </Button>
          <Button variant="quiet" onClick={close}>
            Keep my basket
          </Button>
        </div>
      </Modal>
      <Modal open={open === 'long'} title="Lasagne al forno" onClose={close}>
        {Array.from({ length: 12 }, (_, index) => (
          <p key={index}>
            Layer {index + 1}: fresh egg pasta, slow-cooked ragù, béchamel and Parmigiano. The body
            scrolls; the actions stay in view.
          </p>
        ))}
        <div className="modal__actions">
          <Button onClick={close}>Add to basket, £14.00</Button>
          <Button variant="quiet" onClick={close}>
            Close
          </Button>
        </div>
      </Modal>
    </>
  );
}

function Toasts() {
  return (
    <>
      <h3>Toasts</h3>
      <div className="design__row">
        <Button variant="secondary" onClick={() => flash('Cacio e pepe added to your basket.')}>
          Show a success toast
        </Button>
        <Button variant="secondary" onClick={() => flash('Your address was updated.', 'info')}>
          Show an info toast
        </Button>
        <Button variant="secondary" onClick={() => flash("We couldn't save your card.", 'error')}>
          Show an error toast
        </Button>
      </div>
      <div className="design__toasts" aria-label="Toast examples" role="group">
        <div className="flash flash--success">
          <span>Cacio e pepe added to your basket.</span>
        </div>
        <div className="flash flash--error">
          <span>We couldn&apos;t save your card.</span>
        </div>
      </div>
    </>
  );
}

function Forms() {
  const [postcode, setPostcode] = useState('');
  const [errors, setErrors] = useState<FieldError[]>([]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors(
      postcode.trim()
        ? []
        : [{ fieldId: 'design-postcode', message: 'Enter a postcode, like SW1A 1AA' }],
    );
  };
  return (
    <>
      <h3>Text fields, errors and the error summary</h3>
      <div className="design__columns">
        <form noValidate onSubmit={submit} aria-label="Example form">
          <ErrorSummary errors={errors} />
          <TextField
            id="design-postcode"
            label="Postcode"
            hint="For example, SW1A 1AA"
            className="field__input--postcode"
            value={postcode}
            onChange={(event) => setPostcode(event.target.value)}
            error={errors[0]?.message}
          />
          <Button type="submit">Check the example form</Button>
        </form>
        <div>
          <TextField
            id="design-email"
            label="Email address"
            defaultValue="carla@example"
            error="Enter an email address in the correct format, like name@example.com"
          />
          <div className="notice">A notice: your order is being prepared.</div>
          <div className="notice notice--error">An error notice: the payment was declined.</div>
        </div>
      </div>
    </>
  );
}

export function DesignComponents() {
  return (
    <section aria-labelledby="design-components">
      <h2 id="design-components">Components</h2>
      <Buttons />
      <Controls />
      <Cards />
      <h3>Tabs</h3>
      <Tabs
        label="Weeks"
        tabs={[
          { id: 'w1', label: 'This week', panel: <p>Twelve dishes, delivered Thursday.</p> },
          { id: 'w2', label: 'Next week', panel: <p>Fourteen dishes, order by Sunday.</p> },
          { id: 'w3', label: 'In two weeks', panel: <p>The menu opens on Monday.</p> },
        ]}
      />
      <Dialogs />
      <Toasts />
      <Forms />
    </section>
  );
}
