/**
 * Mantine styles of the dialogs, sheets and banners (Modal, Drawer, their overlay, notifications): imported
 * by the overlay hosts (app/overlay-hosts.tsx) and the side drawer, which load after the screen, not by the
 * frame (issue 19, decision 0097). They come after the frame's styles (app/frame-styles.ts), which the
 * overlay hosts import first.
 */
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
