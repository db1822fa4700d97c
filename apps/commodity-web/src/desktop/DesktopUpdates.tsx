import { useEffect, useState } from 'react';
import { App, Modal, Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DesktopBridge, DesktopDownloadProgress, DesktopUpdate } from '@tp/contract';
import { fileSize } from '../routes/download/fileDownload/size';

/** The spec's timings: the failed download's dialog stays 1.5 s, the next check comes every 5 s. */
export const CLOSE_AFTER_FAILURE_MS = 1_500;
export const RECHECK_MS = 5_000;

type Phase =
  | { kind: 'idle' }
  | { kind: 'found'; update: DesktopUpdate }
  | { kind: 'downloading'; update: DesktopUpdate; progress: DesktopDownloadProgress | null; failed: boolean }
  | { kind: 'ready'; update: DesktopUpdate };

/** Asking the client for an update, and asking again every 5 s (when online) after a failure. */
function updateChecks(bridge: DesktopBridge, onFound: (update: DesktopUpdate) => void) {
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const after = (ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, ms);
    timers.add(timer);
  };
  // Offline, nothing is asked: the next 5 s look again.
  const recheck = () => after(RECHECK_MS, () => (navigator.onLine ? check() : recheck()));
  const check = () => {
    bridge.checkForUpdate().then(
      (feed) => feed.available && onFound(feed),
      // The client retries its own checks until the server answers; a refused call is asked again here.
      recheck,
    );
  };
  const stop = () => {
    timers.forEach(clearTimeout);
    timers.clear();
  };
  return { check, recheck, after, stop };
}

/**
 * The desktop client's update, as the user sees it: asks to update when a newer version is
 * found, shows the download in a dialog that cannot be closed, asks to install when it is
 * complete (the client then quits). A failed download is announced, its dialog closes after
 * 1.5 s, and the check is made again every 5 s while online.
 */
export function DesktopUpdates({ bridge }: { bridge: DesktopBridge }) {
  const { t } = useTranslation();
  const { notification } = App.useApp();
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [checks] = useState(() => updateChecks(bridge, (update) => setPhase({ kind: 'found', update })));

  useEffect(() => {
    checks.check();
    return checks.stop;
  }, [checks]);

  const download = (update: DesktopUpdate) => {
    setPhase({ kind: 'downloading', update, progress: null, failed: false });
    bridge
      .downloadUpdate((progress) => setPhase((p) => (p.kind === 'downloading' ? { ...p, progress } : p)))
      .then(
        () => setPhase({ kind: 'ready', update }),
        () => {
          notification.error({ key: 'desktop-update', message: t('download.update.failed') });
          setPhase((p) => (p.kind === 'downloading' ? { ...p, failed: true } : p));
          checks.after(CLOSE_AFTER_FAILURE_MS, () => setPhase({ kind: 'idle' }));
          checks.recheck();
        },
      );
  };

  const install = () => {
    bridge.installAndQuit().catch(() => {
      notification.error({ key: 'desktop-update', message: t('download.update.installFailed') });
      setPhase({ kind: 'idle' });
    });
  };

  const progress = phase.kind === 'downloading' ? phase.progress : null;
  return (
    <>
      <Modal
        open={phase.kind === 'found'}
        title={t('download.update.foundTitle')}
        okText={t('download.update.updateNow')}
        cancelText={t('download.update.later')}
        onOk={() => phase.kind === 'found' && download(phase.update)}
        onCancel={() => setPhase({ kind: 'idle' })}
        destroyOnHidden
      >
        <p>{phase.kind === 'found' && t('download.update.foundAsk', { version: phase.update.version })}</p>
        {phase.kind === 'found' && phase.update.notes && <Typography.Paragraph style={{ whiteSpace: 'pre-line' }}>{phase.update.notes}</Typography.Paragraph>}
      </Modal>
      <Modal
        open={phase.kind === 'downloading'}
        title={t('download.update.downloading')}
        closable={false}
        maskClosable={false}
        keyboard={false}
        footer={null}
        destroyOnHidden
      >
        <div data-testid="desktop-update-progress">
          <Progress percent={progress?.percent ?? 0} status={phase.kind === 'downloading' && phase.failed ? 'exception' : 'active'} />
          <p>{t('download.update.transferred', { transferred: fileSize(progress?.transferred ?? 0), total: fileSize(progress?.total ?? (phase.kind === 'downloading' ? phase.update.size : 0)) })}</p>
          <p>{t('download.update.speed', { speed: fileSize(progress?.bytesPerSecond ?? 0) })}</p>
        </div>
      </Modal>
      <Modal
        open={phase.kind === 'ready'}
        title={t('download.update.readyTitle')}
        okText={t('download.update.installNow')}
        cancelText={t('download.update.later')}
        onOk={install}
        onCancel={() => setPhase({ kind: 'idle' })}
        destroyOnHidden
      >
        <p>{t('download.update.readyAsk')}</p>
      </Modal>
    </>
  );
}
