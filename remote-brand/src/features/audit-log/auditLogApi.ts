// A brand's audit log (owners and admins): read-only, paged, filtered on the server.
import type { AuditLogQuery, AuditLogReply } from 'contract';
import { api } from 'shared-api';

export type AuditLogArgs = AuditLogQuery & { brandId: number };

export const auditLogApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAuditLog: build.query<AuditLogReply, AuditLogArgs>({
      query: ({ brandId, ...params }) => ({ url: `brand/${brandId}/audit-log/`, params }),
      providesTags: (_reply, _error, { brandId }) => [{ type: 'AuditLog', id: `brand-${brandId}` }],
    }),
  }),
});

export const { useGetAuditLogQuery } = auditLogApi;
