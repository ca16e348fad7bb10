import { Divider } from '@mantine/core';
import { de } from '../../../i18n/de';
import classes from './forums.module.css';
import { UNREAD_MARKER_ID } from './use-thread-page';

/** The line 'Neu' before the first post the member had not seen (issue 17). */
export function UnreadMarker() {
  return (
    <Divider
      id={UNREAD_MARKER_ID}
      classNames={{ root: classes.unreadMarker, label: classes.unreadLabel }}
      color="petrol.7"
      size="sm"
      label={de.forums.unreadMarker}
      labelPosition="left"
    />
  );
}
