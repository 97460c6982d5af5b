import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useOpenOnThisPage } from './use-open-on-this-page';

/** A button that shows and hides a list of links (the disclosure navigation pattern). */
export function DisclosureMenu({
  label,
  children,
  onOpen,
}: {
  label: string;
  children: ReactNode;
  onOpen?: () => void;
}) {
  // Following one of its links closes it; the page redirecting itself does not (R1.19).
  const [open, setOpen] = useOpenOnThisPage();
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (
        event instanceof KeyboardEvent
          ? event.key === 'Escape'
          : !root.current?.contains(event.target as Node)
      )
        setOpen(false);
    };
    document.addEventListener('click', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('click', close);
      document.removeEventListener('keydown', close);
    };
  }, [open, setOpen]);
  return (
    <div className="disclosure" ref={root}>
      <button
        type="button"
        className="nav__button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => {
          if (!open) onOpen?.();
          setOpen(!open);
        }}
      >
        {label}
      </button>
      {/* A link to the page already shown is a replace navigation, which R1.19 keeps the menu
          open across: a followed link closes it here. */}
      <ul
        id={id}
        className="disclosure__list"
        hidden={!open}
        onClick={(event) => {
          if ((event.target as Element).closest('a')) setOpen(false);
        }}
      >
        {children}
      </ul>
    </div>
  );
}
