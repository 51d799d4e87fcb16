import { Pencil, UserX } from 'lucide-react';
import { Button } from 'shared-ui';
import { ConfirmDialog } from 'shared-ui/workspace';
import { DEACTIVATE_QUESTION, useDeactivateAccount } from './useDeactivateAccount';

/** View-mode actions: start editing, or deactivate the account. */
export function ProfileActions({ onEdit }: { onEdit: () => void }) {
  const { asking, ask, cancel, confirm, isDeactivating } = useDeactivateAccount();
  return (
    <>
      <Button icon={<Pencil aria-hidden="true" />} onClick={onEdit}>
        Edit
      </Button>
      <Button variant="danger" icon={<UserX aria-hidden="true" />} onClick={ask}>
        Deactivate
      </Button>
      <ConfirmDialog
        open={asking}
        title="Deactivate account?"
        message={DEACTIVATE_QUESTION}
        confirmLabel="Deactivate"
        tone="danger"
        loading={isDeactivating}
        onConfirm={() => void confirm()}
        onCancel={cancel}
      />
    </>
  );
}
