import { useState } from 'react';
import styled from 'styled-components';
import { useListApiKeysQuery, type CreatedApiKey } from './apiKeysApi';
import { Button, ErrorBanner, Text, Panel, Stack } from 'shared-ui';
import { BrandSectionHeader } from '../../components/BrandSectionHeader';
import { brandPage } from '../../components/brandPage';
import { CreateKeyForm } from './CreateKeyForm';
import { InstallSnippet } from './InstallSnippet';
import { KeysTable } from './KeysTable';
import { NewKeyModal } from './NewKeyModal';

/** The API reference the server publishes; the keys screen is the way into it for brands. */
const API_DOCS_URL = '/api/docs';

/** A brand's tracking keys and how to install tracking (contract "API keys"). */
export const ApiKeysPage = brandPage(ApiKeys);

function ApiKeys({ brandId }: { brandId: number }) {
  const keys = useListApiKeysQuery(brandId);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  // Kept after the dialog closes so the install snippet can show the real publishable key.
  const [publishableKey, setPublishableKey] = useState<string | null>(null);

  const onCreated = (next: CreatedApiKey) => {
    setCreated(next);
    if (next.key.kind === 'publishable') setPublishableKey(next.secret);
  };

  return (
    <>
      <BrandSectionHeader
        brandId={brandId}
        title="API keys"
        subtitle={(name) =>
          name
            ? `Report the sales ${name}'s advocates bring in.`
            : 'Report the sales your advocates bring in.'
        }
        actions={
          <Button
            as="a"
            href={API_DOCS_URL}
            target="_blank"
            rel="noreferrer noopener"
            variant="secondary"
          >
            API Documentation
          </Button>
        }
      />
      {/* Stacked: the keys table needs the full width for its five columns. */}
      <Stack gap={4}>
        <Panel title="Keys" gap={3}>
          <CreateKeyForm brandId={brandId} onCreated={onCreated} />
          {keys.isError ? (
            <ErrorBanner message="Failed to load API keys" onRetry={() => void keys.refetch()} />
          ) : (
            <TableFrame>
              <KeysTable brandId={brandId} keys={keys.data ?? []} loading={keys.isLoading} />
            </TableFrame>
          )}
          <Text size="sm" muted>
            The list shows only the first characters of each key; the full key is shown once, when
            it is created.
          </Text>
        </Panel>
        <InstallSnippet brandId={brandId} publishableKey={publishableKey} />
      </Stack>
      <NewKeyModal created={created} onClose={() => setCreated(null)} />
    </>
  );
}

/**
 * Holds the table's visually hidden 'Actions' header: shared-ui's Table scroll box is not
 * positioned, so that absolutely positioned text otherwise sits at the far right of a table
 * wider than a phone and widens the whole page.
 */
const TableFrame = styled.div`
  position: relative;
  overflow: hidden;
`;
