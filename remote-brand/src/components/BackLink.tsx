import { Link } from 'shared-ui/router';
import styled from 'styled-components';
import { linkStyles } from 'shared-ui';

/** '← Back to …' above a page heading. */
export function BackLink({ to, children }: { to: string; children: string }) {
  return <StyledLink to={to}>← {children}</StyledLink>;
}

const StyledLink = styled(Link)`
  ${linkStyles}
  display: inline-block;
  margin-bottom: ${({ theme }) => theme.spacing(3)};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;
