import { Button, type ButtonProps } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { de } from '../i18n/de';
import { copyText } from '../lib/clipboard';
import { useAlerts } from './feedback/alerts';

/** SPEC §9: the copy confirmation lasts 2 s. */
const COPY_CONFIRMATION_MS = 2000;

interface CopyButtonProps {
  value: string;
  label: string;
  /** Shown instead of the label for 2 s after copying. */
  copiedLabel: string;
  /** A longer accessible name where several such buttons share one label ('URL kopieren: Foto.jpg'). */
  ariaLabel?: string;
  size?: ButtonProps['size'];
  color?: ButtonProps['color'];
}

/** Copies `value` to the clipboard and says so on the button for 2 s; a refused copy shows the red banner. */
export function CopyButton({ value, label, copiedLabel, ariaLabel, size, color }: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  const alerts = useAlerts();
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    if (await copyText(value)) setCopied(true);
    else alerts.error(de.common.copyFailed);
  }

  return (
    <Button
      variant="light"
      size={size}
      color={copied ? 'green' : color}
      leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
      onClick={() => void copy()}
      aria-label={copied ? copiedLabel : ariaLabel}
    >
      {copied ? copiedLabel : label}
    </Button>
  );
}
