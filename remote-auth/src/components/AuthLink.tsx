import { Link } from 'shared-ui/router';
import styled from 'styled-components';
import { linkStyles } from 'shared-ui';

/** An in-app link with the design system's link look. */
export const AuthLink = styled(Link)`
  ${linkStyles}
`;
