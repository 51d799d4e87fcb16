import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { Card } from '../Card/Card';
import { Heading } from '../Typography/Typography';
import { stackLayout } from '../Layout/Stack';
import { wrappingRow } from '../Layout/wrappingRow';

export interface PanelProps {
  title: ReactNode;
  /** Controls on the right of the title, e.g. a metric select or a Create button. */
  actions?: ReactNode;
  /** Space between the title and each child, in 4px steps. Default 4. */
  gap?: number;
  children?: ReactNode;
  /** 'aside' for a panel beside the screen's main content. Default 'section'. */
  as?: 'section' | 'aside';
  className?: string;
}

/**
 * A card that is a section of the screen: its title is a level-2 heading (panels sit right under
 * the screen's h1) and names the region, so screen-reader users can jump between panels.
 */
export function Panel({
  title,
  actions,
  gap = 4,
  children,
  as = 'section',
  className,
}: PanelProps) {
  const id = useId();
  const heading = (
    <Heading level={2} size="lg" id={id}>
      {title}
    </Heading>
  );
  return (
    <Root as={as} aria-labelledby={id} $gap={gap} className={className}>
      {actions ? (
        <Top>
          {heading}
          {actions}
        </Top>
      ) : (
        heading
      )}
      {children}
    </Root>
  );
}

const Root = styled(Card)<{ $gap: number }>`
  ${({ $gap }) => stackLayout($gap)}
`;

const Top = styled.div`
  ${wrappingRow('space-between', 2)}
`;
