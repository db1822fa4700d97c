import { useEffect, useState, type ReactNode } from 'react';
import { Image, Skeleton } from 'antd';

/** Reads a file address with the app's session headers (file addresses may need them). */
export type BlobLoader = (path: string, signal?: AbortSignal) => Promise<Blob>;

/**
 * An uploaded picture shown from a blob, since an `<img src>` cannot send the session headers;
 * the full size is fetched only when the preview opens. `fallback` stands in when there is no
 * picture or it could not be read.
 */
export function BlobImage({
  load,
  thumbUrl,
  url,
  alt,
  width,
  height = width * 0.66,
  testId,
  fallback = null,
}: {
  load: BlobLoader;
  thumbUrl: string | null | undefined;
  url?: string | null | undefined;
  alt: string;
  width: number;
  /** The placeholder's height while the thumbnail loads. */
  height?: number;
  testId: string;
  fallback?: ReactNode;
}) {
  const [thumb, setThumb] = useState<string>();
  const [full, setFull] = useState<string>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!thumbUrl) return;
    const controller = new AbortController();
    let objectUrl: string | undefined;
    load(thumbUrl, controller.signal)
      .then((blob) => {
        objectUrl = URL.createObjectURL(blob);
        setThumb(objectUrl);
      })
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [thumbUrl, load]);
  if (!thumbUrl || failed) return <>{fallback}</>;
  if (!thumb) return <Skeleton.Image active style={{ width, height }} />;
  return (
    <Image
      src={thumb}
      alt={alt}
      width={width}
      data-testid={testId}
      preview={{
        src: full ?? thumb,
        onOpenChange: (open) => {
          if (open && !full && url) void load(url).then((blob) => setFull(URL.createObjectURL(blob)));
        },
      }}
    />
  );
}
