import { Drawer } from '@mantine/core';
import { type ReactNode, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { de } from '../../i18n/de';
import { sideDrawerStyles } from './placement';
import { useVisibleRegion } from './use-visible-region';

interface SideDrawerProps {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
}

/**
 * A form drawer from the right (SPEC §2 media library: 'Neue Kategorie'), placed in the visible part of the
 * frame. Like the bottom sheet it closes with its close button, Escape or navigation, not with a click
 * beside it, so that typed input is not lost.
 */
export function SideDrawer({ opened, onClose, title, children }: SideDrawerProps) {
  const region = useVisibleRegion();
  const { pathname } = useLocation();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const shownOn = useRef(pathname);
  useEffect(() => {
    if (shownOn.current === pathname) return;
    shownOn.current = pathname;
    onCloseRef.current();
  }, [pathname]);

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="md"
      title={title}
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': de.dialog.close }}
      styles={sideDrawerStyles(region)}
    >
      {children}
    </Drawer>
  );
}
