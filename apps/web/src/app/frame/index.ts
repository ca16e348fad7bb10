/** The frame pieces that screens use. */
export { type Alerts, alerts, useAlerts } from './alerts';
export { type BottomSheet, type BottomSheetOptions, bottomSheet, useBottomSheet } from './bottom-sheet';
export { type Crumb, useBreadcrumbs } from './breadcrumbs';
export { type ConfirmOptions, confirm, useConfirm } from './confirm';
export { Page } from './page';
export { SideDrawer } from './side-drawer';
export { useConfirmedDeletion } from './use-confirmed-deletion';
