import { useState } from 'react';
import { useNavigate } from 'shared-ui/router';
import { normaliseError, upgradeToAdvocate, useAppDispatch } from 'shared-api';
import { useToast } from 'shared-ui';

/** 'Promote Existing Brand Campaigns': become an advocate, then go to the advocate dashboard. */
export function usePromoteToAdvocate() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const toast = useToast();
  const [isPromoting, setPromoting] = useState(false);

  const promote = async () => {
    setPromoting(true);
    try {
      const { destination } = await dispatch(upgradeToAdvocate()).unwrap();
      toast.success('Upgraded to Advocate');
      navigate(destination);
    } catch (error) {
      toast.error(normaliseError(error, 'Failed to upgrade'));
      setPromoting(false);
    }
  };

  return { promote, isPromoting };
}
