// The join calls' schemas live in the contract, shared with the clients.
export { JoinBody, JoinPendingReply, JoinReply, MyLinksReply, ShareLinkView } from 'contract';
