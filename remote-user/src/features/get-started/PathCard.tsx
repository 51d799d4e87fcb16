import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button, Card, Heading, Text, IconTile, stackLayout } from 'shared-ui';

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
      <IconTile aria-hidden="true" $size={44}>
        {icon}
      </IconTile>
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
  ${stackLayout(3)}
`;

// Pinned to the bottom so the two cards' buttons line up whatever the text length.
const Action = styled.div`
  margin-top: auto;
  padding-top: ${({ theme }) => theme.spacing(2)};
`;
