import { Link } from 'react-router-dom';
import { Button, EmptyState } from 'shared-ui';

/** Any unknown /auth path (SPEC 2.1): a not-found message with a Home link. */
export function NotFoundScreen() {
  return (
    <EmptyState
      title={
        <span role="heading" aria-level={1}>
          Page not found
        </span>
      }
      text="The page you are looking for does not exist or has moved."
      action={
        <Button as={Link} to="/">
          Home
        </Button>
      }
    />
  );
}
