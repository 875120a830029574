// The forced change of an initial password: after sign-in, when the user has never
// changed the password (changePasswordDate is null) and the configuration demands it
// (mandatoryModificationOfInitialPassword = 1), the reset-password dialog opens and cannot be dismissed.
import { lazy, Suspense, useEffect, useState } from 'react';
import { loadUserSession } from '../../app/session/loadUserSession';
import { fetchLoginConfig } from '../../platform/api/oauth';
import { useSession } from '../../platform/session';

const ResetPasswordDialog = lazy(() => import('../../components/password/ResetPasswordDialog'));

export default function ForcedPasswordChange() {
  const account = useSession((state) => state.userInfo?.userAccount ?? '');
  const neverChanged = useSession((state) => Boolean(state.userInfo) && state.userInfo?.changePasswordDate == null);
  const [required, setRequired] = useState(false);

  useEffect(() => {
    if (!account || !neverChanged) {
      setRequired(false);
      return;
    }
    let live = true;
    fetchLoginConfig(account)
      .then(({ data }) => live && setRequired(Number(data?.mandatoryModificationOfInitialPassword) === 1))
      .catch(() => undefined); // reported by the request layer
    return () => {
      live = false;
    };
  }, [account, neverChanged]);

  if (!required) return null;
  return (
    <Suspense fallback={null}>
      <ResetPasswordDialog
        open
        forced
        onChanged={async () => {
          // The new session info carries the change date, which ends the demand.
          await loadUserSession().catch(() => undefined);
          setRequired(false);
        }}
      />
    </Suspense>
  );
}
