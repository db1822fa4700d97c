import { SectionCard, pagination } from '../../layout/SectionPage';

/** The PDF preview is shared with the back office's contract registry. */
export { PdfPreview } from '@tp/web-kit';

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

