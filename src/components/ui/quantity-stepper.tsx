export interface QuantityStepperProps {
  /** What is counted, for the buttons' names: "Remove one Cacio e pepe". */
  itemName: string;
  quantity: number;
  onDecrease: () => void;
  onIncrease: () => void;
  /** Minus stays enabled at 1 where it removes the line (product rule R4.3). */
  min?: number;
  max?: number;
  disabled?: boolean;
}

/** Minus, the count, plus: 44 px buttons with names that say which item they change. */
export function QuantityStepper({
  itemName,
  quantity,
  onDecrease,
  onIncrease,
  min = 0,
  max,
  disabled = false,
}: QuantityStepperProps) {
  return (
    <span className="qty-stepper">
      <button
        type="button"
        className="qty-stepper__button"
        aria-label={`Remove one ${itemName}`}
        onClick={onDecrease}
        disabled={disabled || quantity <= min}
      >
        −
      </button>
      <span className="qty-stepper__value" aria-live="polite">
        <span className="visually-hidden">Quantity of {itemName}: </span>
        {quantity}
      </span>
      <button
        type="button"
        className="qty-stepper__button"
        aria-label={`Add one more ${itemName}`}
        onClick={onIncrease}
        disabled={disabled || (max !== undefined && quantity >= max)}
      >
        +
      </button>
    </span>
  );
}
