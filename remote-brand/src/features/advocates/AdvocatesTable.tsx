import { Link } from 'shared-ui/router';
import styled from 'styled-components';
import { Badge, Button, formatMoney, formatDate, padId, type ExportColumn } from 'shared-ui';
import { actionsColumn, figureColumn, Table, type TableColumn } from 'shared-ui/workspace';
import { PersonCell } from '../../components/PersonCell';
import { brandPaths } from '../../paths';
import type { AdvocateRecord } from './advocatesApi';
import { CampaignChips, campaignName } from './CampaignChips';
import { otherCurrencies } from './money';

export const aid = (id: number) => `AID${padId(id, 6)}`;

interface AdvocatesTableProps {
  rows: readonly AdvocateRecord[];
  loading: boolean;
  /** Link of a campaign chip: the list narrowed to that campaign. */
  campaignHref: (campaignId: number) => string;
  /** The brand the list is narrowed to, carried to the profile. */
  brandId: number | null;
}

function columns({
  campaignHref,
  brandId,
}: Pick<AdvocatesTableProps, 'campaignHref' | 'brandId'>): TableColumn<AdvocateRecord>[] {
  return [
    {
      key: 'name',
      header: 'Advocate',
      render: (a) => <PersonCell pictureUrl={a.picture_url} name={a.name} detail={a.email} />,
    },
    { key: 'id', header: 'AID', render: (a) => aid(a.id) },
    {
      key: 'campaigns',
      header: 'Campaigns',
      render: (a) => (
        <CampaignChips
          campaigns={a.campaigns}
          linkTo={(c) => campaignHref(c.campaign_id)}
          linkLabel={(name) => `Show advocates of ${name}`}
        />
      ),
    },
    figureColumn('conversions', 'Conversions', (a) => a.totals.conversions),
    {
      key: 'revenue',
      header: 'Revenue',
      align: 'right',
      render: (a) => (
        <>
          {formatMoney(a.totals.gross_revenue, a.totals.currency)}
          {otherCurrencies(a.totals.by_currency, a.totals.currency, (c) => c.total_revenue).map(
            (text) => (
              <Also key={text}>+ {text}</Also>
            ),
          )}
        </>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      align: 'center',
      render: (a) => (a.is_active ? <Badge tone="success">Active</Badge> : <Badge>Inactive</Badge>),
    },
    { key: 'joined_at', header: 'Joined', render: (a) => formatDate(a.joined_at) },
    actionsColumn((a) => (
      <Button
        as={Link}
        to={
          brandId === null
            ? brandPaths.advocate(a.id)
            : `${brandPaths.advocate(a.id)}?brand_id=${brandId}`
        }
        size="sm"
        variant="secondary"
        aria-label={`View ${a.name}`}
      >
        View
      </Button>
    )),
  ];
}

/** The advocates of one page: a table on wide screens, a card per advocate on phones. */
export function AdvocatesTable({ rows, loading, campaignHref, brandId }: AdvocatesTableProps) {
  return (
    <Table
      caption="Advocates"
      columns={columns({ campaignHref, brandId })}
      rows={rows}
      loading={loading}
      emptyText="No advocates found."
    />
  );
}

/** The Export button's file: the same advocates, one per line, amounts as plain numbers. */
export const ADVOCATE_EXPORT_COLUMNS: readonly ExportColumn<AdvocateRecord>[] = [
  { header: 'AID', value: (a) => aid(a.id) },
  { header: 'Name', value: (a) => a.name },
  { header: 'Email', value: (a) => a.email },
  { header: 'Status', value: (a) => (a.is_active ? 'Active' : 'Inactive') },
  { header: 'Campaigns', value: (a) => a.campaigns.map(campaignName).join('; ') },
  { header: 'Conversions', value: (a) => a.totals.conversions },
  // Every currency the advocate sold in: a row per currency (contract/csv.ts).
  {
    header: 'Gross revenue',
    money: (a) =>
      a.totals.by_currency.length > 0
        ? a.totals.by_currency.map((c) => ({ amount: c.total_revenue, currency: c.currency }))
        : [{ amount: a.totals.gross_revenue, currency: a.totals.currency }],
  },
  { header: 'Joined', value: (a) => a.joined_at.slice(0, 10) },
];

const Also = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;
