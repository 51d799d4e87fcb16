import styled from 'styled-components';
import { normaliseError } from 'shared-api';
import { Badge, Card, formatDate, Text, useToast } from 'shared-ui';
import { PermittedButton } from '../../components/PermittedButton';
import {
  useListRemovedAdvocatesQuery,
  useRestoreAdvocateMutation,
  type AdvocateRemovalView,
} from './advocatesApi';

const PENDING_WORDS = { keep: 'pending commissions kept', reject: 'pending commissions rejected' };

/**
 * The advocate's removal from one brand, if they are removed: when, by whom, why, and Restore
 * (owner and admin). Nothing while they are a member.
 */
export function RemovalNotice({ brandId, advocateId }: { brandId: number; advocateId: number }) {
  const { data } = useListRemovedAdvocatesQuery(brandId);
  const removal = data?.find((r) => r.advocate.id === advocateId);
  if (!removal) return null;
  return <Notice removal={removal} />;
}

function Notice({ removal }: { removal: AdvocateRemovalView }) {
  const [restore, { isLoading }] = useRestoreAdvocateMutation();
  const toast = useToast();
  const banned = removal.status === 'banned';
  return (
    <Box as="section" aria-label={banned ? 'Banned' : 'Removed'}>
      <div>
        <Badge tone="danger">{banned ? 'Banned' : 'Removed'}</Badge>
        <Text>
          {banned ? 'Banned' : 'Removed'} on {formatDate(removal.removed_at)}
          {removal.removed_by ? ` by ${removal.removed_by}` : ''}: {removal.reason}
        </Text>
        <Text muted>
          {PENDING_WORDS[removal.pending]}; left{' '}
          {removal.campaigns.length === 1 ? '1 campaign' : `${removal.campaigns.length} campaigns`}.
          {banned ? ' They may not join again or apply.' : ' They may join again.'}
        </Text>
      </div>
      <PermittedButton
        brandId={removal.brand_id}
        permission="catalog"
        type="button"
        variant="secondary"
        loading={isLoading}
        onClick={() =>
          void restore({ brandId: removal.brand_id, advocateId: removal.advocate.id })
            .unwrap()
            .then(
              () => toast.success(`${removal.advocate.name} restored`),
              (error: unknown) => toast.error(normaliseError(error, 'Failed to restore')),
            )
        }
      >
        Restore
      </PermittedButton>
    </Box>
  );
}

const Box = styled(Card)`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing(3)};
  margin-bottom: ${({ theme }) => theme.spacing(4)};

  p {
    margin: ${({ theme }) => theme.spacing(1)} 0 0;
    overflow-wrap: anywhere;
  }
`;
