import { useLayoutEffect, useRef, type ChangeEvent } from 'react';
import { caretAfterDigits, digitsBefore } from '../../../domain/card-input';

/**
 * An input formatted as it is typed (product rule R5.9): `format` turns what the customer typed
 * into the shown value, and the caret stays after the same digit (not thrown to the end).
 */
export function useFormattedInput(
  value: string,
  onValue: (value: string) => void,
  format: (typed: string, deleting: boolean) => string,
) {
  const ref = useRef<HTMLInputElement>(null);
  const caret = useRef<number | null>(null);
  useLayoutEffect(() => {
    const input = ref.current;
    if (input && caret.current !== null && document.activeElement === input)
      input.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  }, [value]);
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const typed = event.target.value;
    const deleting = typed.length < value.length;
    const formatted = format(typed, deleting);
    const digits = digitsBefore(typed, event.target.selectionStart ?? typed.length);
    caret.current = caretAfterDigits(formatted, digits, !deleting);
    onValue(formatted);
  };
  return { ref, value, onChange };
}
