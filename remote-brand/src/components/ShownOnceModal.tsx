import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Button, Stack, Text, surface, tintedSurface } from 'shared-ui';
import { CopyButton, Modal } from 'shared-ui/workspace';

/**
 * A secret the server shows this once (an API key, a webhook's signing secret): a warning to
 * copy it, the value (named `valueLabel`) with a Copy button, and how to use it.
 */
export function ShownOnceModal({
  title,
  value,
  valueLabel,
  warning,
  usage,
  onClose,
}: {
  title: string;
  value: string;
  valueLabel: string;
  warning: ReactNode;
  usage: ReactNode;
  onClose: () => void;
}) {
  return (
    <Modal
      open
      title={title}
      onClose={onClose}
      // A stray click outside must not lose a secret that cannot be shown again.
      closeOnBackdrop={false}
      footer={
        <Button type="button" onClick={onClose}>
          I have saved it
        </Button>
      }
    >
      <Stack>
        <Warning role="note">{warning}</Warning>
        <Stack direction="row" align="center" gap={2}>
          <Value aria-label={valueLabel}>{value}</Value>
          <CopyButton text={value} />
        </Stack>
        <Text size="sm" muted>
          {usage}
        </Text>
      </Stack>
    </Modal>
  );
}

const Warning = styled.p`
  ${tintedSurface('warning', 45, 10)}
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Value = styled.code`
  flex: 1;
  min-width: 0;
  ${surface(2.5)}
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  overflow-wrap: anywhere;
`;
