/** The channels between the window's bridge and the main process; bundled into both. */
export const Channel = {
  check: 'desktop:check-for-update',
  download: 'desktop:download-update',
  progress: 'desktop:download-progress',
  install: 'desktop:install-and-quit',
} as const;

/** The main process hands the preload its version through the command line (the sandbox has no fs). */
export const VERSION_ARG = '--tp-desktop-version=';
