import { useId, useState } from 'react';
import styled from 'styled-components';
import type { AuditEntry } from 'contract';
import { AUDIT_TARGETS } from 'contract/teams';
import { useAppDispatch } from 'shared-api';
import {
  ErrorBanner,
  Input,
  LabelledControl,
  Panel,
  Select,
  Text,
  useExportableTable,
} from 'shared-ui';
import { ReplyTable, type TableColumn } from 'shared-ui/workspace';
import { BrandSectionHeader } from '../../components/BrandSectionHeader';
import { brandPage } from '../../components/brandPage';
import { useBrandAccess } from '../../lib/brandRole';
import { useListMembersQuery } from '../team';
import { auditLogApi, useGetAuditLogQuery, type AuditLogArgs } from './auditLogApi';
import {
  AUDIT_EXPORT_COLUMNS,
  TARGET_LABELS,
  actionLabel,
  fieldsText,
  formatWhen,
  targetText,
  whoText,
} from './auditEntry';

const PER_PAGE = 25;

/** Brands → a brand → Audit log: who changed what, when, with before and after (owner, admin). */
export const AuditLogPage = brandPage(AuditLog);

interface Filters {
  actorId: string;
  kind: string;
  since: string;
  until: string;
}

/** A local calendar day (YYYY-MM-DD) as the instant it starts; `next` for the day after. */
function dayStart(day: string, next = false): string | undefined {
  if (!day) return undefined;
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y, m - 1, d + (next ? 1 : 0)).toISOString();
}

function AuditLog({ brandId }: { brandId: number }) {
  const access = useBrandAccess(brandId);
  if (!access.may('audit'))
    return (
      <>
        <BrandSectionHeader brandId={brandId} title="Audit log" />
        <ErrorBanner message={access.why('audit') ?? 'The audit log is for owners and admins.'} />
      </>
    );
  return (
    <>
      <BrandSectionHeader
        brandId={brandId}
        title="Audit log"
        subtitle={(name) =>
          name
            ? `Every change to ${name} and its money, with who made it.`
            : 'Every change to the brand and its money, with who made it.'
        }
      />
      <AuditLogTable brandId={brandId} />
    </>
  );
}

function AuditLogTable({ brandId }: { brandId: number }) {
  const ids = { actor: useId(), kind: useId(), since: useId(), until: useId() };
  const dispatch = useAppDispatch();
  const [filters, setFilters] = useState<Filters>({ actorId: '', kind: '', since: '', until: '' });
  const [page, setPage] = useState(1);
  const members = useListMembersQuery(brandId).data?.members ?? [];
  const args: AuditLogArgs = {
    brandId,
    ...(filters.actorId ? { actor_id: Number(filters.actorId) } : {}),
    ...(filters.kind ? { action: filters.kind } : {}),
    ...(filters.since ? { since: dayStart(filters.since) } : {}),
    ...(filters.until ? { until: dayStart(filters.until, true) } : {}),
  };
  const log = useGetAuditLogQuery({ ...args, page, per_page: PER_PAGE });
  const change = (key: keyof Filters) => (value: string) => {
    setFilters((current) => ({ ...current, [key]: value }));
    setPage(1);
  };

  useExportableTable(
    log.data && !log.isError
      ? {
          name: 'audit-log',
          columns: AUDIT_EXPORT_COLUMNS,
          rows: log.data.results,
          total: log.data.meta.total,
          // The whole filtered log, not only the page on screen.
          loadAll: async () => {
            const rows: AuditEntry[] = [];
            for (let next = 1; ; next += 1) {
              const reply = await dispatch(
                auditLogApi.endpoints.getAuditLog.initiate(
                  { ...args, page: next, per_page: 500 },
                  { subscribe: false },
                ),
              ).unwrap();
              rows.push(...reply.results);
              if (next >= reply.meta.pages) return rows;
            }
          },
        }
      : null,
  );

  const columns: TableColumn<AuditEntry>[] = [
    { key: 'at', header: 'When', render: (e) => formatWhen(e.at) },
    { key: 'actor', header: 'Who', render: (e) => whoText(e) },
    { key: 'action', header: 'What', render: (e) => actionLabel(e.action) },
    { key: 'target', header: 'On', render: (e) => targetText(e) },
    { key: 'before', header: 'Before', render: (e) => <Fields>{fieldsText(e.before)}</Fields> },
    { key: 'after', header: 'After', render: (e) => <Fields>{fieldsText(e.after)}</Fields> },
  ];

  return (
    <Panel title="Entries" gap={3}>
      <FilterBar role="search" aria-label="Filter the audit log">
        <LabelledControl label="Member" htmlFor={ids.actor}>
          <Select
            id={ids.actor}
            value={filters.actorId}
            onChange={(event) => change('actorId')(event.target.value)}
            options={[
              { value: '', label: 'Everyone' },
              ...members.map((m) => ({ value: String(m.user_id), label: m.username })),
            ]}
          />
        </LabelledControl>
        <LabelledControl label="Kind" htmlFor={ids.kind}>
          <Select
            id={ids.kind}
            value={filters.kind}
            onChange={(event) => change('kind')(event.target.value)}
            options={[
              { value: '', label: 'Every kind' },
              ...AUDIT_TARGETS.map((kind) => ({ value: kind, label: TARGET_LABELS[kind] })),
            ]}
          />
        </LabelledControl>
        <LabelledControl label="From" htmlFor={ids.since}>
          <Input
            id={ids.since}
            type="date"
            value={filters.since}
            onChange={(event) => change('since')(event.target.value)}
          />
        </LabelledControl>
        <LabelledControl label="To" htmlFor={ids.until}>
          <Input
            id={ids.until}
            type="date"
            value={filters.until}
            onChange={(event) => change('until')(event.target.value)}
          />
        </LabelledControl>
      </FilterBar>
      <ReplyTable
        query={log}
        perPage={PER_PAGE}
        onPageChange={setPage}
        errorMessage="Failed to load the audit log"
        caption="Audit log"
        columns={columns}
        emptyText="Nothing recorded for these filters."
      >
        <Text size="sm" muted>
          Entries cannot be edited or deleted. Export (in the header) saves every entry that matches
          the filters.
        </Text>
      </ReplyTable>
    </Panel>
  );
}

const FilterBar = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(10rem, 1fr));
  gap: ${({ theme }) => theme.spacing(3)};
`;

const Fields = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  word-break: break-word;
`;
