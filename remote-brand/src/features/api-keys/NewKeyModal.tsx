import styled from 'styled-components';
import type { CreatedApiKey } from './apiKeysApi';
import { Button, Text, Stack, surface, tintedSurface } from 'shared-ui';
import { CopyButton, Modal } from 'shared-ui/workspace';
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
    <Modal
      open
      title={`Your new ${label.toLowerCase()}`}
      onClose={onClose}
      // A stray click outside must not lose a key that cannot be shown again.
      closeOnBackdrop={false}
      footer={
        <Button type="button" onClick={onClose}>
          I have saved it
        </Button>
      }
    >
      <Stack>
        <Warning role="note">
          Copy this key now. It will not be shown again; if you lose it, revoke it and create a new
          one.
        </Warning>
        <Stack direction="row" align="center" gap={2}>
          <Key aria-label="New key">{created.secret}</Key>
          <CopyButton text={created.secret} />
        </Stack>
        <Text size="sm" muted>
          {use}
        </Text>
      </Stack>
    </Modal>
  );
}

const Warning = styled.p`
  ${tintedSurface('warning', 45, 10)}
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Key = styled.code`
  flex: 1;
  min-width: 0;
  ${surface(2.5)}
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  overflow-wrap: anywhere;
`;
