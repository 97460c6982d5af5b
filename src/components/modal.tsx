import { useEffect, useId, useRef, type ReactNode } from 'react';

/** Product rule R1.4: on a small screen (700 px or less) a modal closes on Back. */
export const SMALL_SCREEN_QUERY = '(max-width: 700px)';

let openings = 0;

interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
}

/**
 * A modal dialog on the native <dialog>: focus moves in and is kept there, Escape closes it,
 * and it is named by its title. On a small screen it adds a history entry so Back closes it.
 */
export function Modal({ open, title, onClose, children }: ModalProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  });

  useEffect(() => {
    const element = dialog.current;
    if (!element || !open) return;
    element.showModal();
    const small = window.matchMedia(SMALL_SCREEN_QUERY).matches;
    // Each opening marks its own entry, so a quick reopen never mistakes an older one for its own.
    const entry = `${titleId}:${++openings}`;
    let closedByBack = false;
    const onPopState = () => {
      closedByBack = true;
      closeRef.current();
    };
    if (small) {
      window.history.pushState({ ...window.history.state, modal: entry }, '');
      window.addEventListener('popstate', onPopState);
    }
    return () => {
      window.removeEventListener('popstate', onPopState);
      if (element.open) element.close();
      if (!small || closedByBack) return;
      // Closed another way: take back the entry we added, so Back keeps its meaning. Not at once:
      // a choice in the modal may navigate in this same commit (a recipe kit -> /menu), and going
      // back then would undo that navigation instead.
      queueMicrotask(() => {
        if (window.history.state?.modal === entry) window.history.back();
      });
    };
  }, [open, titleId]);

  return (
    <dialog
      ref={dialog}
      className="modal"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id={titleId} className="modal__title">
        {title}
      </h2>
      {children}
    </dialog>
  );
}
