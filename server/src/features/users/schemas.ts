// The user calls' schemas live in the contract, shared with the clients.
export {
  DeleteUserBody as DeleteBody,
  DeleteUserReply as DeleteReply,
  MeReply,
  UpdateUserBody as UpdateBody,
  UpdateUserReply as UpdateReply,
} from 'contract';
