// The auth calls' schemas live in the contract, shared with the clients.
export {
  ActiveRoleValue,
  EmailBody,
  LoginBody,
  LoginReply,
  RefreshReply,
  RegisterBody,
  RegisterReply,
  ResetPasswordBody,
  VerifyOtpBody,
} from 'contract';
