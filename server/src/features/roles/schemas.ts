// The role calls' schemas live in the contract, shared with the clients.
export {
  ActiveRoleReply,
  RemoveRoleBody,
  RemoveRoleReply,
  RoleInputValue as RoleInput,
  SetActiveRoleBody,
  UpgradeReply,
} from 'contract';
