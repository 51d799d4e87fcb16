import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { Card, Heading, wrappingRow } from 'shared-ui';

export interface PanelProps {
  title: string;
  /** Controls on the right of the title, e.g. a metric select. */
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** A titled card that names its region after its title. */
export function Panel({ title, actions, children, className }: PanelProps) {
  const id = useId();
  return (
    <Root as="section" aria-labelledby={id} className={className}>
      <Top>
        <Heading level={2} size="lg" id={id}>
          {title}
        </Heading>
        {actions}
      </Top>
      {children}
    </Root>
  );
}

const Root = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(4)};
`;

const Top = styled.div`
  ${wrappingRow('space-between', 2)}
`;
