import styled from 'styled-components';
import type { CreatedApiKey } from './apiKeysApi';
import { Button, Text } from 'shared-ui';
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
      <Body>
        <Warning role="note">
          Copy this key now. It will not be shown again; if you lose it, revoke it and create a new
          one.
        </Warning>
        <KeyRow>
          <Key aria-label="New key">{created.secret}</Key>
          <CopyButton text={created.secret} />
        </KeyRow>
        <Text size="sm" muted>
          {use}
        </Text>
      </Body>
    </Modal>
  );
}

const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(3)};
`;

const Warning = styled.p`
  padding: ${({ theme }) => `${theme.spacing(3)} ${theme.spacing(4)}`};
  border: 1px solid color-mix(in srgb, ${({ theme }) => theme.colors.warning} 45%, transparent);
  border-radius: ${({ theme }) => theme.radii.md};
  background: color-mix(
    in srgb,
    ${({ theme }) => theme.colors.warning} 10%,
    ${({ theme }) => theme.colors.surface}
  );
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const KeyRow = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing(2)};
`;

const Key = styled.code`
  flex: 1;
  min-width: 0;
  padding: ${({ theme }) => theme.spacing(2.5)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  overflow-wrap: anywhere;
`;
