import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FullPageSpin, useRedirectTarget, useSession } from '@tp/web-kit';
import { useFirmRights } from '../../../api/identity';
import { paths } from '../../../paths';

/**
 * `/loadPage?redirect=<path>`: the transition after a session was made outside the login form
 * (QR login, the desktop client). It reloads the firm's rights, then forwards to the target.
 */
export function LoadPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const target = useRedirectTarget(paths.home);
  const { isLoggedIn } = useSession();
  const rights = useFirmRights();
  const ready = !isLoggedIn || rights.isSuccess || rights.isError;

  useEffect(() => {
    if (ready) void navigate(target, { replace: true });
  }, [ready, navigate, target]);

  return <FullPageSpin label={t('loadPage.loading')} />;
}
