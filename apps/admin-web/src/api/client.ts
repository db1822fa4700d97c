import { createAppApi } from '@tp/web-kit';
import { i18n } from '../i18n';
import { BASENAME } from '../paths';
import { router } from '../router';
import { session } from '../session';

export const { notifier, queryClient, api } = createAppApi({ session, i18n, basename: BASENAME, router: () => router });
