import { useState } from 'react';
import styled from 'styled-components';
import { payText } from 'contract/rules';
import { normaliseError } from 'shared-api';
import { Badge, Button, ErrorBanner, Panel, Select, Stack, Text, useToast } from 'shared-ui';
import { actionsColumn, ConfirmDialog, Modal, Table, type TableColumn } from 'shared-ui/workspace';
import { BrandSectionHeader } from '../../components/BrandSectionHeader';
import { brandPage } from '../../components/brandPage';
import { PermittedButton } from '../../components/PermittedButton';
import { bodyOf, formOf, NEW_GROUP, type GroupFormValues } from './groupForm';
import { GroupForm } from './GroupForm';
import {
  useCreateGroupMutation,
  useDeleteGroupMutation,
  useEvaluateGroupsMutation,
  useListGroupMembersQuery,
  useListGroupsQuery,
  useMoveToGroupMutation,
  useUpdateGroupMutation,
  type Group,
  type GroupMember,
} from './groupsApi';

/** Brands → a brand → Groups: tiers of advocates, each with its own rewards and terms. */
export const GroupsPage = brandPage(Groups);

/** What a group pays, in words. */
export function rewardText(group: Group): string {
  const own =
    group.commission_type !== null && group.commission_value !== null
      ? payText({
          commission_type: group.commission_type,
          commission_value: group.commission_value,
        })
      : "Each campaign's reward";
  const rules = group.reward_rules.length;
  return rules ? `${own}; ${rules} rule${rules === 1 ? '' : 's'} by condition` : own;
}

/** The automatic rule in words, or that there is none. */
export function autoText(group: Group): string {
  const rule = group.auto_rule;
  if (!rule) return group.is_default ? 'Everyone no rule places' : 'Placed by hand';
  const parts = [
    rule.min_conversions !== undefined && `${rule.min_conversions}+ conversions`,
    rule.min_revenue &&
      `${rule.min_revenue.amount.toFixed(2)} ${rule.min_revenue.currency}+ revenue`,
  ].filter(Boolean);
  return `${parts.join(' and ')} in 90 days`;
}

function Groups({ brandId }: { brandId: number }) {
  const groups = useListGroupsQuery(brandId);
  const [create] = useCreateGroupMutation();
  const [update] = useUpdateGroupMutation();
  const [remove, removing] = useDeleteGroupMutation();
  const [evaluate, evaluating] = useEvaluateGroupsMutation();
  const toast = useToast();
  const [editing, setEditing] = useState<Group | null>(null);
  const [deleting, setDeleting] = useState<Group | null>(null);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const list = groups.data ?? [];
  const selected = list.find((g) => g.id === selectedId) ?? list[0] ?? null;

  const add = async (values: GroupFormValues) => {
    try {
      const { group } = await create({ brandId, ...bodyOf(values) }).unwrap();
      toast.success(`Group ${group.name} created`);
      setSelectedId(group.id);
    } catch (error) {
      toast.error(normaliseError(error, 'Failed to create the group'));
      throw error;
    }
  };
  const save = async (values: GroupFormValues) => {
    if (!editing) return;
    try {
      await update({ brandId, groupId: editing.id, ...bodyOf(values) }).unwrap();
      toast.success('Group saved');
      setEditing(null);
    } catch (error) {
      toast.error(normaliseError(error, 'Failed to save the group'));
      throw error;
    }
  };
  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      const { moves } = await remove({ brandId, groupId: deleting.id }).unwrap();
      toast.success(
        `Group ${deleting.name} deleted; ${moves.length} advocate${moves.length === 1 ? '' : 's'} back in the default group`,
      );
      setDeleting(null);
    } catch (error) {
      toast.error(normaliseError(error, 'Failed to delete the group'));
    }
  };
  const runRules = async () => {
    try {
      const { moves } = await evaluate({ brandId }).unwrap();
      toast.success(
        moves.length === 0
          ? 'Everyone is already in the group the rules give them'
          : `${moves.length} advocate${moves.length === 1 ? '' : 's'} moved`,
      );
    } catch (error) {
      toast.error(normaliseError(error, 'Failed to run the automatic rules'));
    }
  };

  const columns: TableColumn<Group>[] = [
    {
      key: 'name',
      header: 'Group',
      render: (g) => (
        <Stack direction="row" gap={2} align="center">
          <span>{g.name}</span>
          {g.is_default && <Badge>Default</Badge>}
        </Stack>
      ),
    },
    { key: 'reward', header: 'Reward', render: rewardText },
    {
      key: 'hold',
      header: 'Hold',
      render: (g) => (g.hold_days === null ? "Brand's" : `${g.hold_days} days`),
    },
    { key: 'auto', header: 'Membership', render: autoText },
    { key: 'members', header: 'Members', align: 'right', render: (g) => g.member_count },
    actionsColumn((g) => (
      <Stack direction="row" gap={2} justify="flex-end">
        <Button
          size="sm"
          variant="secondary"
          onClick={() => setSelectedId(g.id)}
          aria-label={`Members of ${g.name}`}
        >
          Members
        </Button>
        <PermittedButton
          brandId={brandId}
          permission="catalog"
          size="sm"
          variant="secondary"
          onClick={() => setEditing(g)}
          aria-label={`Edit ${g.name}`}
        >
          Edit
        </PermittedButton>
        {!g.is_default && (
          <PermittedButton
            brandId={brandId}
            permission="catalog"
            size="sm"
            variant="danger"
            onClick={() => setDeleting(g)}
            aria-label={`Delete ${g.name}`}
          >
            Delete
          </PermittedButton>
        )}
      </Stack>
    )),
  ];

  return (
    <>
      <BrandSectionHeader
        brandId={brandId}
        title="Groups"
        subtitle={(name) =>
          `Tiers of ${name ? `${name}'s ` : 'your '}advocates, each with its own rewards, hold period and discount text.`
        }
      />
      <Stack gap={4}>
        <Panel title="Groups" gap={3}>
          {groups.isError ? (
            <ErrorBanner message="Failed to load groups" onRetry={() => void groups.refetch()} />
          ) : (
            <TableFrame>
              <Table
                caption="Groups"
                columns={columns}
                rows={list}
                loading={groups.isLoading}
                emptyText="No groups yet."
              />
            </TableFrame>
          )}
          <Text size="sm" muted>
            Every advocate is in exactly one group: the default one until moved. A change of group
            or of a group's rules applies to conversions from then on.
          </Text>
        </Panel>
        {selected && <Members key={selected.id} brandId={brandId} group={selected} groups={list} />}
        <Panel title="Automatic rules" gap={3}>
          <Text muted>
            Groups with an automatic rule form a ladder by rank: each day every advocate outside a
            hand-placed group moves to the highest group their last 90 days reach, or back to the
            default group.
          </Text>
          <div>
            <PermittedButton
              brandId={brandId}
              permission="catalog"
              variant="secondary"
              loading={evaluating.isLoading}
              onClick={() => void runRules()}
            >
              Run the automatic rules now
            </PermittedButton>
          </div>
        </Panel>
        <Panel title="Create a group" gap={3}>
          <GroupForm
            brandId={brandId}
            initialValues={NEW_GROUP}
            submitLabel="Create group"
            busyLabel="Creating..."
            onSubmit={add}
          />
        </Panel>
      </Stack>
      <Modal open={editing !== null} title="Edit group" size="lg" onClose={() => setEditing(null)}>
        {editing && (
          <GroupForm
            brandId={brandId}
            initialValues={formOf(editing)}
            isDefault={editing.is_default}
            submitLabel="Save changes"
            busyLabel="Saving..."
            onSubmit={save}
            onCancel={() => setEditing(null)}
          />
        )}
      </Modal>
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.name ?? 'group'}?`}
        message="Its members go back to the default group and earn by its rules from now on."
        confirmLabel="Delete group"
        tone="danger"
        loading={removing.isLoading}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}

/** A group's members, with a move of the ticked ones to another group. */
function Members({ brandId, group, groups }: { brandId: number; group: Group; groups: Group[] }) {
  const members = useListGroupMembersQuery({ brandId, groupId: group.id });
  const [move, moving] = useMoveToGroupMutation();
  const toast = useToast();
  const others = groups.filter((g) => g.id !== group.id);
  const [ticked, setTicked] = useState<number[]>([]);
  const [target, setTarget] = useState<string>('');
  const targetId = Number(target || others[0]?.id);

  const moveTicked = async () => {
    const to = others.find((g) => g.id === targetId);
    if (!to || ticked.length === 0) return;
    try {
      const { moves } = await move({ brandId, groupId: to.id, advocateIds: ticked }).unwrap();
      toast.success(`${moves.length} advocate${moves.length === 1 ? '' : 's'} moved to ${to.name}`);
      setTicked([]);
    } catch (error) {
      toast.error(normaliseError(error, 'Failed to move the advocates'));
    }
  };

  const columns: TableColumn<GroupMember>[] = [
    { key: 'name', header: 'Advocate', render: (m) => m.name },
    { key: 'email', header: 'Email', render: (m) => m.email },
  ];
  return (
    <Panel title={`Members of ${group.name}`} gap={3}>
      {members.isError ? (
        <ErrorBanner message="Failed to load members" onRetry={() => void members.refetch()} />
      ) : (
        <Table
          caption={`Members of ${group.name}`}
          columns={columns}
          rows={members.data ?? []}
          loading={members.isLoading}
          emptyText="No advocates in this group yet."
          selectable
          selectedIds={ticked}
          onSelectionChange={(ids) => setTicked(ids.map(Number))}
          rowLabel={(m) => `Select ${m.name}`}
          pageSize={20}
        />
      )}
      {others.length > 0 && (
        <MoveBar direction="row" gap={2} align="center">
          <label htmlFor={`move-target-${group.id}`}>Move ticked advocates to</label>
          <Select
            id={`move-target-${group.id}`}
            value={String(targetId)}
            onChange={(event) => setTarget(event.target.value)}
            options={others.map((g) => ({ value: String(g.id), label: g.name }))}
          />
          <PermittedButton
            brandId={brandId}
            permission="catalog"
            disabled={ticked.length === 0}
            loading={moving.isLoading}
            onClick={() => void moveTicked()}
          >
            Move
          </PermittedButton>
        </MoveBar>
      )}
    </Panel>
  );
}

/** As on the webhooks screen: keeps the table's hidden 'Actions' header inside the page. */
const TableFrame = styled.div`
  position: relative;
  overflow: hidden;
`;

const MoveBar = styled(Stack)`
  flex-wrap: wrap;
`;
