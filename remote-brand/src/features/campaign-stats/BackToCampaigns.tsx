import type { MouseEvent } from 'react';
import { Link, useLocation, useNavigate } from 'shared-ui/router';
import styled from 'styled-components';
import { linkStyles } from 'shared-ui';

/**
 * 'Back to Campaigns': back through history when the user came from somewhere in
 * the app (the list, with its search and page kept), else to `fallback`. The router gives the
 * first entry of a session the key 'default', so that is how a direct visit is recognised.
 */
export function BackToCampaigns({ fallback }: { fallback: string }) {
  const navigate = useNavigate();
  const { key } = useLocation();
  const goBack = (event: MouseEvent<HTMLAnchorElement>) => {
    if (key === 'default') return;
    event.preventDefault();
    void navigate(-1);
  };
  return (
    <StyledLink to={fallback} onClick={goBack}>
      ← Back to Campaigns
    </StyledLink>
  );
}

const StyledLink = styled(Link)`
  ${linkStyles}
  display: inline-block;
  margin-bottom: ${({ theme }) => theme.spacing(3)};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;
