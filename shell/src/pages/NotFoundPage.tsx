import { Link } from 'react-router-dom';
import { Button, EmptyState } from 'shared-ui';

export function NotFoundPage() {
  return (
    <EmptyState
      title="Page not found"
      text="The page you are looking for does not exist or has moved."
      action={
        <Button as={Link} to="/">
          Home
        </Button>
      }
    />
  );
}
