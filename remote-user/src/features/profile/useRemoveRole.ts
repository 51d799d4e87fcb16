import { useState } from 'react';
import {
  normaliseError,
  syncActiveRole,
  toApiRole,
  useAppDispatch,
  type ClientRole,
} from 'shared-api';
import { useToast } from 'shared-ui';
import { useRemoveRoleMutation } from './userApi';

/**
 * Role removal behind a confirmation: `ask` opens the dialog for a role, `confirm`
 * removes it. The dialog stays open while the call runs so its buttons can show progress.
 */
export function useRemoveRole(userId: number) {
  const dispatch = useAppDispatch();
  const toast = useToast();
  const [removeRole, { isLoading }] = useRemoveRoleMutation();
  const [asking, setAsking] = useState<ClientRole | null>(null);

  const confirm = async () => {
    if (asking === null) return;
    try {
      await removeRole({ user_id: userId, role: toApiRole(asking) }).unwrap();
      toast.success('Role removed');
      // The reply's roles are applied by the endpoint, but removing the active role also
      // changes the server's active role: read both back so the header and guards follow.
      await dispatch(syncActiveRole());
    } catch (error) {
      toast.error(normaliseError(error, 'Failed to remove role'));
    } finally {
      setAsking(null);
    }
  };

  return {
    asking,
    ask: setAsking,
    cancel: () => setAsking(null),
    confirm,
    isRemoving: isLoading,
  };
}
