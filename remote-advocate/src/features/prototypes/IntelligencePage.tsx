import { useState } from 'react';
import styled from 'styled-components';
import { Badge, Button, Card, formatMoney, PageHeader, Text, autoGrid, Panel } from 'shared-ui';
import {
  figureColumn,
  PreviewTitle,
  PrototypeNotice,
  StatCard,
  Table,
  type TableColumn,
} from 'shared-ui/workspace';
import {
  GENERATE_STEP,
  MONTHLY_TARGET,
  SAMPLE_CAMPAIGNS,
  SAMPLE_CLICKS,
  SAMPLE_PRODUCTS,
  SAMPLE_REVENUE,
  SAMPLE_SUBSCRIBERS,
  type SampleCampaign,
} from './intelligenceSample';

const count = new Intl.NumberFormat('en-US');

const COLUMNS: TableColumn<SampleCampaign>[] = [
  { key: 'id', header: 'Campaign ID', render: (c) => c.id },
  { key: 'name', header: 'Campaign', render: (c) => c.name },
  { key: 'brand', header: 'Brand', render: (c) => c.brand },
  figureColumn('clicks', 'Clicks', (c) => count.format(c.clicks)),
  figureColumn('revenue', 'Revenue', (c) => formatMoney(c.revenue)),
  {
    key: 'status',
    header: 'Status',
    render: (c) => <Badge tone={c.status === 'Active' ? 'success' : 'warning'}>{c.status}</Badge>,
  },
];

/**
 * Intelligence (/advocate/intelligence): a prototype on fixed sample numbers. Generate only
 * raises the sample revenue, to show where generated insight will land.
 */
export function IntelligencePage() {
  const [revenue, setRevenue] = useState(SAMPLE_REVENUE);
  const progress = Math.min(100, Math.round((revenue / MONTHLY_TARGET) * 100));
  return (
    <>
      <PrototypeNotice>
        <Text>
          Intelligence will suggest what to promote next from your own results. These figures are
          samples, not yours.
        </Text>
      </PrototypeNotice>
      <PageHeader
        title={<PreviewTitle>Intelligence</PreviewTitle>}
        subtitle="Sample figures: a preview of insights to come."
        actions={
          <Button type="button" onClick={() => setRevenue((value) => value + GENERATE_STEP)}>
            Generate
          </Button>
        }
      />
      <Cards>
        <StatCard title="Product revenue" value={formatMoney(revenue)} />
        <StatCard title="Clicks" value={count.format(SAMPLE_CLICKS)} />
        <StatCard title="Subscribers" value={count.format(SAMPLE_SUBSCRIBERS)} />
        <StatCard title="Products" value={count.format(SAMPLE_PRODUCTS)} />
      </Cards>
      <Target title="Monthly target" gap={2}>
        <Text muted size="sm">
          {formatMoney(revenue)} of {formatMoney(MONTHLY_TARGET)}
        </Text>
        <Track
          role="progressbar"
          aria-label="Monthly target progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
          aria-valuetext={`${progress}%`}
        >
          <Fill style={{ width: `${progress}%` }} />
        </Track>
        <Text size="sm">{progress}% reached</Text>
      </Target>
      <Card>
        <Table caption="Sample campaigns" showCaption columns={COLUMNS} rows={SAMPLE_CAMPAIGNS} />
      </Card>
    </>
  );
}

const Cards = styled.div`
  ${autoGrid('min(100%, 200px)', 4)}
  margin-bottom: ${({ theme }) => theme.spacing(4)};
`;

const Target = styled(Panel)`
  margin-bottom: ${({ theme }) => theme.spacing(4)};
`;

const Track = styled.div`
  overflow: hidden;
  height: 10px;
  border-radius: 999px;
  background: ${({ theme }) => theme.colors.surfaceAlt};
  border: 1px solid ${({ theme }) => theme.colors.border};
`;

const Fill = styled.div`
  height: 100%;
  background: ${({ theme }) => theme.colors.primary};
`;
