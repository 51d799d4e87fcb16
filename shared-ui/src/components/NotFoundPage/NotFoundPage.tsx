import { SearchX } from 'lucide-react';
import { Link } from '../../router';
import { Button } from '../Button/Button';
import { EmptyState } from '../EmptyState/EmptyState';

/** The one not-found screen, for unknown paths in the shell and in any area. */
export function NotFoundPage() {
  return (
    <EmptyState
      icon={<SearchX aria-hidden="true" />}
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
