import { useLayoutEffect, type RefObject } from 'react';

/**
 * A form drawn on the server (R14.14) can be typed in before the app runs. React keeps what was
 * typed on screen as it hydrates a controlled field but not in its state: the state would send
 * empty fields, and its next render would empty them on screen. These find each named field's
 * text where it differs from the state's (an input or textarea, or a radio group's checked value).
 */
export function typedOnScreen<TName extends string>(
  form: HTMLFormElement,
  values: Record<TName, string>,
): Partial<Record<TName, string>> {
  const typed: Partial<Record<TName, string>> = {};
  for (const name of Object.keys(values) as TName[]) {
    const field = form.elements.namedItem(name) as { value?: string } | null;
    const onScreen = field?.value ?? '';
    if (onScreen !== '' && onScreen !== values[name]) typed[name] = onScreen;
  }
  return typed;
}

/**
 * Once the form has hydrated, hands what was typed before to `keep`, so the state catches up with
 * the screen. A tap on the form's button made before the app ran may be pressed before the state
 * has: the form's submit also reads `typedOnScreen`.
 */
export function useTypedBeforeHydration<TName extends string>(
  form: RefObject<HTMLFormElement | null>,
  values: Record<TName, string>,
  keep: (typed: Partial<Record<TName, string>>) => void,
) {
  useLayoutEffect(() => {
    const typed = form.current ? typedOnScreen(form.current, values) : {};
    if (Object.keys(typed).length > 0) keep(typed);
    // Once, as the form first mounts (hydrates): later typing goes through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
