import { redirect } from 'react-router';
import { SystemPath, SystemSwitches } from '@tp/contract';
import { api, notifier, queryClient } from '../../api/client';
import { systemKeys } from '../../api/system';
import { i18n } from '../../i18n';
import { paths } from '../../paths';

/**
 * The loader of the three ICBC routes (info-icbc, signListICBC, createDocumentICBC): while the
 * global switch forbids the bank function they are refused with "not yet opened". The server
 * refuses their calls too.
 */
export async function requireBankFunction(): Promise<null> {
  const switches = await queryClient.fetchQuery({
    queryKey: systemKeys.switches(),
    queryFn: ({ signal }) => api.get(SystemPath.switches, undefined, SystemSwitches, { signal }),
    staleTime: 5_000,
  });
  if (switches.bankFunction) return null;
  notifier.notify({ content: i18n.t('capital.notOpened'), durationSeconds: 3, key: 'bank-not-opened' });
  throw redirect(paths.capitalInfo);
}
