// The invitation feature as other screens use it.
export { afterSignIn } from './pendingInvitation';
