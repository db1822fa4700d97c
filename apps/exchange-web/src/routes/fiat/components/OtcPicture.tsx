import { Image, Spin } from 'antd';
import { useOtcImage } from '../../../api/otc';

/** A fiat picture (QR code, proof, chat, evidence), fetched with the session and shown from a blob URL. */
export function OtcPicture({ id, orderId, width = 120, alt }: { id: string; orderId?: string; width?: number; alt: string }) {
  const url = useOtcImage(id, orderId);
  if (!url.data) return <Spin size="small" />;
  return <Image src={url.data} width={width} alt={alt} data-testid={`otc-picture-${id}`} />;
}
