import { Link } from 'shared-ui/router';
import styled from 'styled-components';
import { Button, formatTime, Text, wrappingRow } from 'shared-ui';
import { Pagination } from 'shared-ui/workspace';

interface ProductsFooterProps {
  page: number;
  total: number;
  perPage: number;
  onPageChange: (page: number) => void;
  /** When the list last arrived from the server (ms since epoch). */
  updatedAt: number | undefined;
  refreshing: boolean;
  onRefresh: () => void;
  backTo: string;
}

export function ProductsFooter({
  page,
  total,
  perPage,
  onPageChange,
  updatedAt,
  refreshing,
  onRefresh,
  backTo,
}: ProductsFooterProps) {
  return (
    <Root>
      <Pagination page={page} total={total} perPage={perPage} onPageChange={onPageChange} />
      <Row>
        <Text size="sm" muted aria-live="polite">
          Last Updated: {formatTime(updatedAt)}
        </Text>
        <Actions>
          <Button
            type="button"
            size="sm"
            variant="secondary"
            loading={refreshing}
            onClick={onRefresh}
          >
            Refresh
          </Button>
          <Button as={Link} to={backTo} size="sm" variant="ghost">
            Back
          </Button>
        </Actions>
      </Row>
    </Root>
  );
}

const Root = styled.div`
  margin-top: ${({ theme }) => theme.spacing(2)};
`;

const Row = styled.div`
  ${wrappingRow('space-between', 2)}
`;

const Actions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.spacing(2)};
`;
