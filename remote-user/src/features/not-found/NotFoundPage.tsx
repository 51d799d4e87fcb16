import { Link } from 'react-router-dom';
import { Button, EmptyState } from 'shared-ui';

/** Any unknown /user path (SPEC 2.2). */
export function NotFoundPage() {
  return (
    <EmptyState
      title={<span role="heading" aria-level={1}>Page not found</span>}
      text="The page you are looking for does not exist or has moved."
      action={
        <Button as={Link} to="/">
          Home
        </Button>
      }
    />
  );
}
