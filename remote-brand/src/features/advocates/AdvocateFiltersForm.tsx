import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button, Input, Label, Select } from 'shared-ui';
import {
  PAGE_SIZES,
  STATUS_OPTIONS,
  type AdvocateFilters,
  type StatusFilter,
} from './advocateFilters';
import { useFindCampaign } from './useFindCampaign';

const statusOptions = STATUS_OPTIONS.map((status) => ({
  value: status,
  label: status.charAt(0).toUpperCase() + status.slice(1),
}));
const pageSizeOptions = PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }));

interface AdvocateFiltersFormProps {
  /** The filters in the URL; the form starts from them (remount it when the URL changes). */
  filters: AdvocateFilters;
  onApply: (filters: AdvocateFilters) => void;
  onClear: () => void;
  /** The server's 400 messages for the filters in the URL: `q` is the search, shown under it. */
  serverErrors?: { q?: string; campaign_id?: string };
}

/** Search, campaign, status and page size; nothing is asked for until Apply. */
export function AdvocateFiltersForm({
  filters,
  onApply,
  onClear,
  serverErrors = {},
}: AdvocateFiltersFormProps) {
  const ids = { search: useId(), campaign: useId(), status: useId(), perPage: useId() };
  const campaignErrorId = useId();
  const searchErrorId = useId();
  const [search, setSearch] = useState(filters.search);
  const [campaign, setCampaign] = useState(filters.campaignId?.toString() ?? '');
  const [status, setStatus] = useState<string>(filters.status ?? '');
  const [perPage, setPerPage] = useState(String(filters.perPage));
  const [campaignError, setCampaignError] = useState<string | null>(null);
  const [finding, setFinding] = useState(false);
  const findCampaign = useFindCampaign();

  /** The campaign's number: typed as is, or looked up from its public id (CMP-…). */
  const campaignNumber = async (text: string): Promise<number | null | 'unknown'> => {
    if (!text) return null;
    if (/^\d+$/.test(text)) return Number(text);
    setFinding(true);
    try {
      return (await findCampaign(text)) ?? 'unknown';
    } finally {
      setFinding(false);
    }
  };

  const apply = async (event: FormEvent) => {
    event.preventDefault();
    const campaignText = campaign.trim();
    const campaignId = await campaignNumber(campaignText);
    if (campaignId === 'unknown') {
      setCampaignError(`None of your campaigns has the ID ${campaignText}`);
      return;
    }
    setCampaignError(null);
    onApply({
      ...filters,
      search: search.trim(),
      campaignId,
      status: (status || null) as StatusFilter | null,
      perPage: Number(perPage),
      page: 1,
    });
  };

  return (
    <Form role="search" aria-label="Filter advocates" onSubmit={(event) => void apply(event)}>
      <Field $wide>
        <Label htmlFor={ids.search}>Search</Label>
        <Input
          id={ids.search}
          type="search"
          placeholder="Name or email"
          value={search}
          invalid={Boolean(serverErrors.q)}
          aria-describedby={serverErrors.q ? searchErrorId : undefined}
          onChange={(event) => setSearch(event.target.value)}
        />
        {serverErrors.q && <FieldError id={searchErrorId}>{serverErrors.q}</FieldError>}
      </Field>
      <Field>
        <Label htmlFor={ids.campaign}>Campaign ID</Label>
        <Input
          id={ids.campaign}
          placeholder="e.g. CMP-7F3K2Q"
          value={campaign}
          invalid={Boolean(campaignError ?? serverErrors.campaign_id)}
          aria-describedby={
            (campaignError ?? serverErrors.campaign_id) ? campaignErrorId : undefined
          }
          onChange={(event) => setCampaign(event.target.value)}
        />
        {(campaignError ?? serverErrors.campaign_id) && (
          <FieldError id={campaignErrorId}>{campaignError ?? serverErrors.campaign_id}</FieldError>
        )}
      </Field>
      <Field>
        <Label htmlFor={ids.status}>Status</Label>
        <Select
          id={ids.status}
          placeholder="All statuses"
          options={statusOptions}
          value={status}
          onChange={(event) => setStatus(event.target.value)}
        />
      </Field>
      <Field>
        <Label htmlFor={ids.perPage}>Per page</Label>
        <Select
          id={ids.perPage}
          options={pageSizeOptions}
          value={perPage}
          onChange={(event) => setPerPage(event.target.value)}
        />
      </Field>
      <Buttons>
        <Button type="submit" disabled={finding}>
          Apply
        </Button>
        <Button type="button" variant="secondary" onClick={onClear}>
          Clear
        </Button>
      </Buttons>
    </Form>
  );
}

const Form = styled.form`
  display: grid;
  grid-template-columns: minmax(200px, 2fr) minmax(120px, 1fr) minmax(130px, 1fr) 96px auto;
  gap: ${({ theme }) => theme.spacing(3)};
  align-items: start;
  margin: ${({ theme }) => theme.spacing(4)} 0;

  ${({ theme }) => theme.media.tablet} {
    grid-template-columns: 1fr 1fr;
  }

  ${({ theme }) => theme.media.mobile} {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const Field = styled.div<{ $wide?: boolean }>`
  display: flex;
  flex-direction: column;
  min-width: 0;

  ${({ theme }) => theme.media.tablet} {
    ${({ $wide }) => ($wide ? 'grid-column: 1 / -1;' : '')}
  }
`;

const Buttons = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.spacing(2)};
  /* Lines the buttons up with the inputs, under the labels' height. */
  padding-top: 26px;

  ${({ theme }) => theme.media.tablet} {
    padding-top: 0;
    grid-column: 1 / -1;
  }
`;

const FieldError = styled.p`
  margin: ${({ theme }) => theme.spacing(1)} 0 0;
  color: ${({ theme }) => theme.colors.danger};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;
