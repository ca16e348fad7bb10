/**
 * How the end-to-end tests launch the system Chromium; shared by playwright.config.ts and
 * playwright.wordpress.config.ts. No import of origins.ts here: the WordPress config sets its ports first.
 */
import type { LaunchOptions } from '@playwright/test';

/**
 * Playwright's default `--disable-features=…` list (playwright-core, chromiumSwitches.ts, 1.65.1). It turns
 * off ThirdPartyStoragePartitioning, which makes localStorage throw in a cross-site iframe; real browsers
 * partition instead. We drop Playwright's argument and pass the same list without that feature.
 * If Playwright changes its list, copy the new one here (grep ThirdPartyStoragePartitioning in
 * node_modules/playwright-core/lib); iframe.spec.ts fails loudly when storage is not partitioned.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];
const disabledFeatures = PLAYWRIGHT_DISABLED_FEATURES.filter(
  (name) => name !== 'ThirdPartyStoragePartitioning',
);

/** The closed network makes Chromium hang on background connections without these. */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  `--disable-features=${disabledFeatures.join(',')}`,
];

export const CHROMIUM_LAUNCH_OPTIONS: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
  ignoreDefaultArgs: [`--disable-features=${PLAYWRIGHT_DISABLED_FEATURES.join(',')}`],
};
