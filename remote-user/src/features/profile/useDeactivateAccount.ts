import { useState } from 'react';
import { useNavigate } from 'shared-ui/router';
import { LOGIN_PATH, deactivateSelf, normaliseError, useAppDispatch } from 'shared-api';
import { useToast } from 'shared-ui';

export const DEACTIVATE_QUESTION =
  'Are you sure you want to deactivate your account? This will sign you out.';

/** Self-deactivation behind a confirmation: on success the session ends and login follows. */
export function useDeactivateAccount() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const toast = useToast();
  const [asking, setAsking] = useState(false);
  const [isDeactivating, setDeactivating] = useState(false);

  const confirm = async () => {
    setDeactivating(true);
    try {
      await dispatch(deactivateSelf()).unwrap();
      toast.success('User deactivated');
      navigate(LOGIN_PATH, { replace: true });
    } catch (error) {
      toast.error(normaliseError(error, 'Delete failed'));
      setDeactivating(false);
      setAsking(false);
    }
  };

  return {
    asking,
    ask: () => setAsking(true),
    cancel: () => setAsking(false),
    confirm,
    isDeactivating,
  };
}
