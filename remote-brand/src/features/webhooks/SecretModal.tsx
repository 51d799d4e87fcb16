import type { RotatedSecretReply } from 'contract';
import { formatDateTime } from 'shared-ui';
import { ShownOnceModal } from '../../components/ShownOnceModal';

/** What a rotation answered about the secret it replaced. */
export type Rotation = Omit<RotatedSecretReply, 'secret'>;

/** 'Both secrets sign deliveries for 24 hours, until March 3rd, 2025, 10:00:00: …' */
function overlapNotice({ old_secret_signs_until: until, overlap_hours: hours }: Rotation) {
  if (!until) return ' The old secret no longer signs deliveries.';
  const when = formatDateTime(until);
  return ` Both secrets sign deliveries for ${hours} ${hours === 1 ? 'hour' : 'hours'}, until ${when}: switch your receiver to the new one before then, after that only the new one signs.`;
}

/**
 * A webhook's signing secret, shown this once (after adding the webhook, or rotating it: then
 * with how long the old secret keeps signing beside it).
 */
export function SecretModal({
  secret,
  rotation,
  onClose,
}: {
  secret: string | null;
  rotation: Rotation | null;
  onClose: () => void;
}) {
  if (!secret) return null;
  return (
    <ShownOnceModal
      title={rotation ? 'Your new signing secret' : 'Your webhook signing secret'}
      value={secret}
      valueLabel="Signing secret"
      warning={
        <>
          Copy this secret now. It will not be shown again; if you lose it, rotate it.
          {rotation && overlapNotice(rotation)}
        </>
      }
      usage="Verify each delivery with it, e.g. with the standardwebhooks package: new Webhook(secret).verify(body, headers)."
      onClose={onClose}
    />
  );
}
