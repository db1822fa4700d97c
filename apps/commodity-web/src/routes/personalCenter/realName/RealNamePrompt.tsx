import { useEffect } from 'react';
import { Button } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { VerificationCode } from '@tp/contract';
import { isApiError, useApp } from '@tp/web-kit';
import { paths } from '../../../paths';

/**
 * Wherever a trading action is refused for want of real-name verification (listing, picking,
 * purchase requests, offers), the user is offered the way to the verification page.
 */
export function RealNamePrompt() {
  const { t } = useTranslation();
  const { notification } = useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'error' || !isApiError(event.action.error, VerificationCode.notVerified)) return;
        notification.warning({
          key: 'realName',
          title: t('realName.prompt.title'),
          description: t('realName.prompt.description'),
          duration: 0,
          actions: (
            <Button
              type="primary"
              data-testid="realname-prompt-link"
              onClick={() => {
                notification.destroy('realName');
                void navigate(paths.realName);
              }}
            >
              {t('realName.prompt.action')}
            </Button>
          ),
        });
      }),
    [queryClient, notification, navigate, t],
  );
  return null;
}
