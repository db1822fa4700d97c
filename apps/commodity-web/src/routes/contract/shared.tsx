import { SectionCard, pagination } from '../../layout/SectionPage';

/** The preview, verdict and signature views are shared with the back office's contract registry. */
export { PdfPreview, SignatureDetails, VerificationResult } from '@tp/web-kit';

export const ContractCard = SectionCard;

export { pagination };

export const STATUS_COLORS: Record<string, string> = { '0': 'default', '1': 'processing', '2': 'processing', '3': 'success' };

/** Saves a PDF the way a link with `download` would. */
export function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

