import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Heading, Text } from 'shared-ui';

export interface AuthHeaderProps {
  title: string;
  children?: ReactNode;
}

/** The heading and intro text at the top of every auth screen. */
export function AuthHeader({ title, children }: AuthHeaderProps) {
  return (
    <Root>
      <Heading level={1}>{title}</Heading>
      {children && <Text muted>{children}</Text>}
    </Root>
  );
}

const Root = styled.header`
  display: grid;
  gap: ${({ theme }) => theme.spacing(2)};
  margin-bottom: ${({ theme }) => theme.spacing(6)};

  ${({ theme }) => theme.media.mobile} {
    margin-bottom: ${({ theme }) => theme.spacing(5)};

    h1 {
      font-size: ${({ theme }) => theme.fontSizes.xl};
    }
  }
`;
