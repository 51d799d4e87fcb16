// The team feature as other screens use it.
export { useListMembersQuery } from './teamApi';
