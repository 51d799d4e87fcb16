import { ShownOnceModal } from '../../components/ShownOnceModal';

/** A webhook's signing secret, shown this once (after adding the webhook or rotating it). */
export function SecretModal({
  secret,
  rotated,
  onClose,
}: {
  secret: string | null;
  rotated: boolean;
  onClose: () => void;
}) {
  if (!secret) return null;
  return (
    <ShownOnceModal
      title={rotated ? 'Your new signing secret' : 'Your webhook signing secret'}
      value={secret}
      valueLabel="Signing secret"
      warning={
        <>
          Copy this secret now. It will not be shown again; if you lose it, rotate it.
          {rotated && ' The old secret no longer signs deliveries.'}
        </>
      }
      usage="Verify each delivery with it, e.g. with the standardwebhooks package: new Webhook(secret).verify(body, headers)."
      onClose={onClose}
    />
  );
}
