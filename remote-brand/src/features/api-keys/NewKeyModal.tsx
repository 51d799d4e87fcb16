import { ShownOnceModal } from '../../components/ShownOnceModal';
import type { CreatedApiKey } from './apiKeysApi';
import { KIND_LABELS } from './keyForm';

/** The full key, shown this once: the server keeps only a hash of it. */
export function NewKeyModal({
  created,
  onClose,
}: {
  created: CreatedApiKey | null;
  onClose: () => void;
}) {
  if (!created) return null;
  const { label, use } = KIND_LABELS[created.key.kind];
  return (
    <ShownOnceModal
      title={`Your new ${label.toLowerCase()}`}
      value={created.secret}
      valueLabel="New key"
      warning="Copy this key now. It will not be shown again; if you lose it, revoke it and create a new one."
      usage={use}
      onClose={onClose}
    />
  );
}
