import { useState, type ReactNode } from 'react';
import { Button } from 'shared-ui';
import { Modal } from 'shared-ui/workspace';

/** SPEC 2.4: prototype screens open with a 'Prototype — UI only' notice. */
export function PrototypeNotice({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(true);
  const close = () => setOpen(false);
  return (
    <Modal
      open={open}
      title="Prototype — UI only"
      onClose={close}
      footer={
        <Button type="button" onClick={close}>
          Got it
        </Button>
      }
    >
      {children}
    </Modal>
  );
}
