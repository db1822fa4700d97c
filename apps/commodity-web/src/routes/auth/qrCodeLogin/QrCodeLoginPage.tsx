import { useSearchParams } from 'react-router';
import { useSession } from '@tp/web-kit';
import { QrConfirmPanel } from './QrConfirmPanel';
import { QrLoginPanel } from './QrLoginPanel';

/** The query a logged-in device opens to approve a waiting QR login (what a phone would do after scanning). */
const CONFIRM_PARAM = 'confirm';

/**
 * `/QRCodeLogin`: shows a QR code and waits for another, logged-in device to confirm it; opened
 * with `?confirm=<uuid>`, it is that other device's confirmation page.
 */
export function QrCodeLoginPage() {
  const [params] = useSearchParams();
  const { isLoggedIn } = useSession();
  const confirmUuid = params.get(CONFIRM_PARAM);
  if (confirmUuid) return <QrConfirmPanel uuid={confirmUuid} />;
  return <QrLoginPanel alreadyLoggedIn={isLoggedIn} />;
}
