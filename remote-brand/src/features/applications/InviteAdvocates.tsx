import { useId, useState } from 'react';
import styled from 'styled-components';
import { LIMITS } from 'contract/rules';
import { normaliseError } from 'shared-api';
import {
  useInviteAdvocatesMutation,
  useListBrandCampaignsQuery,
  type AdvocateInvitationsReply,
} from 'shared-api/catalog';
import { LabelledControl, Panel, Select, Text, useToast } from 'shared-ui';
import { emailsFromCsvFile } from 'shared-ui/workspace';
import { PermittedButton } from '../../components/PermittedButton';

const SKIP_LABELS: Record<AdvocateInvitationsReply['skipped'][number]['reason'], string> = {
  already_joined: 'already joined',
  rate_limited: 'mailed too often today',
};

/** The addresses typed in the box: separated by commas, semicolons, spaces or new lines. */
export const typedEmails = (text: string): string[] => [
  ...new Set(
    text
      .split(/[\s,;]+/)
      .map((value) => value.trim().toLowerCase())
      .filter(Boolean),
  ),
];

/**
 * Invite advocates to one campaign by email, typed or from a CSV file: each gets a link that
 * signs them up (or in) and joins the campaign without applying.
 */
export function InviteAdvocates({ brandId }: { brandId: number }) {
  const ids = { campaign: useId(), emails: useId(), file: useId() };
  const toast = useToast();
  const campaigns = useListBrandCampaignsQuery(brandId).data ?? [];
  const [campaignId, setCampaignId] = useState('');
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<AdvocateInvitationsReply | null>(null);
  const [invite, inviting] = useInviteAdvocatesMutation();
  const emails = typedEmails(text);

  const readFile = async (file: File | undefined) => {
    if (!file) return;
    const found = await emailsFromCsvFile(file);
    if (found.length === 0) {
      setProblem('No email addresses were found in that file');
      return;
    }
    setProblem(null);
    setText((current) => [...typedEmails(current), ...found].join('\n'));
  };

  const submit = async () => {
    if (!campaignId) return setProblem('Choose the campaign to invite them to');
    if (emails.length === 0) return setProblem('Add at least one email address');
    if (emails.length > LIMITS.advocateInvitationsMax)
      return setProblem(
        `At most ${LIMITS.advocateInvitationsMax} addresses at a time (${emails.length} now)`,
      );
    setProblem(null);
    try {
      const reply = await invite({ brandId, campaign_id: Number(campaignId), emails }).unwrap();
      setResult(reply);
      setText('');
      toast.success(
        `${reply.invited.length} invitation${reply.invited.length === 1 ? '' : 's'} sent`,
      );
    } catch (error) {
      setProblem(normaliseError(error, 'Could not send the invitations'));
    }
  };

  return (
    <Panel title="Invite advocates" gap={3}>
      <Text size="sm" muted>
        Each address gets a link that signs up or signs in and joins the campaign at once, without
        applying. Up to {LIMITS.advocateInvitationsMax} at a time.
      </Text>
      <LabelledControl label="Campaign" htmlFor={ids.campaign}>
        <Select
          id={ids.campaign}
          value={campaignId}
          onChange={(event) => setCampaignId(event.target.value)}
          options={[
            { value: '', label: 'Choose a campaign' },
            ...campaigns.map((c) => ({ value: String(c.id), label: c.title || `#${c.id}` })),
          ]}
        />
      </LabelledControl>
      <LabelledControl
        label={`Email addresses (${emails.length})`}
        htmlFor={ids.emails}
        error={problem}
      >
        <EmailBox
          id={ids.emails}
          rows={5}
          value={text}
          placeholder="ada@example.com, bo@example.com"
          onChange={(event) => setText(event.target.value)}
        />
      </LabelledControl>
      <LabelledControl label="Or add them from a CSV file" htmlFor={ids.file}>
        <input
          id={ids.file}
          type="file"
          accept=".csv,text/csv"
          onChange={(event) => void readFile(event.target.files?.[0])}
        />
      </LabelledControl>
      <div>
        <PermittedButton
          brandId={brandId}
          permission="catalog"
          loading={inviting.isLoading}
          onClick={submit}
        >
          Send invitations
        </PermittedButton>
      </div>
      {result ? (
        <div role="status">
          <Text size="sm">
            Invited {result.invited.length}
            {result.skipped.length > 0
              ? `; not sent: ${result.skipped.map((s) => `${s.email} (${SKIP_LABELS[s.reason]})`).join(', ')}`
              : '.'}
          </Text>
        </div>
      ) : null}
    </Panel>
  );
}

const EmailBox = styled.textarea`
  width: 100%;
  box-sizing: border-box;
  padding: ${({ theme }) => theme.spacing(2)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 8px;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
`;
