import styled from 'styled-components';
import { normaliseError } from 'shared-api';
import { useRevokeApiKeyMutation, type ApiKey } from './apiKeysApi';
import { Badge, formatDate, useToast } from 'shared-ui';
import { actionsColumn, Table, useConfirm, type TableColumn } from 'shared-ui/workspace';
import { KIND_LABELS } from './keyForm';
import { PermittedButton } from '../../components/PermittedButton';

/** The brand's keys: kind, first characters, when created and whether revoked. */
export function KeysTable({
  brandId,
  keys,
  loading,
}: {
  brandId: number;
  keys: readonly ApiKey[];
  loading: boolean;
}) {
  const [revoke] = useRevokeApiKeyMutation();
  const { confirm, dialog } = useConfirm();
  const toast = useToast();

  const askRevoke = async (key: ApiKey) => {
    const sure = await confirm({
      title: 'Revoke this key?',
      message: `Calls made with ${key.prefix}… will be refused from now on. This cannot be undone.`,
      tone: 'danger',
      confirmLabel: 'Revoke',
    });
    if (!sure) return;
    try {
      const reply = await revoke({ brandId, keyId: key.id }).unwrap();
      toast.success(reply.message ?? 'Key revoked');
    } catch (error) {
      toast.error(normaliseError(error, 'Failed to revoke key'));
    }
  };

  const columns: TableColumn<ApiKey>[] = [
    { key: 'kind', header: 'Kind', render: (k) => KIND_LABELS[k.kind]?.label ?? k.kind },
    { key: 'prefix', header: 'Key', render: (k) => <Prefix>{k.prefix}…</Prefix> },
    { key: 'created_at', header: 'Created', render: (k) => formatDate(k.created_at) },
    {
      key: 'revoked_at',
      header: 'Status',
      render: (k) =>
        k.revoked_at ? (
          <Badge tone="danger">Revoked {formatDate(k.revoked_at)}</Badge>
        ) : (
          <Badge tone="success">Active</Badge>
        ),
    },
    actionsColumn(
      (k) =>
        !k.revoked_at && (
          <PermittedButton
            brandId={brandId}
            permission="developers"
            type="button"
            size="sm"
            variant="danger"
            aria-label={`Revoke ${k.prefix}`}
            onClick={() => void askRevoke(k)}
          >
            Revoke
          </PermittedButton>
        ),
    ),
  ];

  return (
    <>
      <Table
        caption="API keys"
        columns={columns}
        rows={keys}
        loading={loading}
        emptyText="No API keys yet."
      />
      {dialog}
    </>
  );
}

const Prefix = styled.code`
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;
