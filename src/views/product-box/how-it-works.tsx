import { useState } from 'react';
import { Modal } from '../../components/modal';

/** Product rule R7.10: the how-it-works modal. */
export function HowItWorks() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button button--link" onClick={() => setOpen(true)}>
        How it works
      </button>
      <Modal open={open} title="How it works" onClose={() => setOpen(false)}>
        <ul>
          <li>Skip, pause or cancel anytime.</li>
          <li>Hand-pick your dishes each week.</li>
          <li>Dishes can be frozen for up to 1 month.</li>
        </ul>
        <div className="modal__actions">
          <button type="button" className="button button--primary" onClick={() => setOpen(false)}>
            Got it
          </button>
        </div>
      </Modal>
    </>
  );
}
