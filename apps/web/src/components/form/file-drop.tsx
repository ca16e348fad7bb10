import { type DragEvent, type ReactNode, useState } from 'react';
import classes from './file-drop.module.css';

interface FileDropProps {
  /** The dropped files, as if chosen in the field's file dialog. */
  onFiles: (files: File[]) => void;
  disabled?: boolean;
  children: ReactNode;
}

function carriesFiles(event: DragEvent): boolean {
  return event.dataTransfer.types.includes('Files');
}

/**
 * Makes a file field a drop target (issue 14): a file dropped on it is chosen as from the dialog, and the
 * browser does not open it in place of the portal.
 */
export function FileDrop({ onFiles, disabled, children }: FileDropProps) {
  const [over, setOver] = useState(false);
  const accept = (event: DragEvent) => {
    if (disabled || !carriesFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setOver(true);
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dropping is a pointer shortcut; the file field inside stays the keyboard's way
    <div
      className={classes.drop}
      data-over={over || undefined}
      data-file-drop
      onDragEnter={accept}
      onDragOver={accept}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={(event) => {
        if (disabled) return;
        event.preventDefault();
        setOver(false);
        const files = Array.from(event.dataTransfer.files);
        if (files.length > 0) onFiles(files);
      }}
    >
      {children}
    </div>
  );
}
