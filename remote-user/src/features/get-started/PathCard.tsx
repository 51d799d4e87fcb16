import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button, Card, Heading, Text } from 'shared-ui';

export interface PathCardProps {
  icon: ReactNode;
  title: string;
  text: string;
  actionLabel: string;
  onAction: () => void;
  busy?: boolean;
}

/** One way of getting started: what it is, and the button that takes it. */
export function PathCard({
  icon,
  title,
  text,
  actionLabel,
  onAction,
  busy = false,
}: PathCardProps) {
  // The heading names the region, so screen readers (and tests) can address each card.
  const headingId = useId();
  return (
    <Root as="section" aria-labelledby={headingId}>
      <IconBox aria-hidden="true">{icon}</IconBox>
      <Heading level={2} size="lg" id={headingId}>
        {title}
      </Heading>
      <Text muted>{text}</Text>
      <Action>
        <Button onClick={onAction} loading={busy}>
          {actionLabel}
        </Button>
      </Action>
    </Root>
  );
}

const Root = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(3)};
`;

const IconBox = styled.div`
  display: flex;
  align-items: center;
  justify-content: center;
  width: 44px;
  height: 44px;
  border-radius: ${({ theme }) => theme.radii.lg};
  background: color-mix(in srgb, ${({ theme }) => theme.colors.primary} 14%, transparent);
  color: ${({ theme }) => theme.colors.primary};

  svg {
    width: 22px;
    height: 22px;
  }
`;

// Pinned to the bottom so the two cards' buttons line up whatever the text length.
const Action = styled.div`
  margin-top: auto;
  padding-top: ${({ theme }) => theme.spacing(2)};
`;
