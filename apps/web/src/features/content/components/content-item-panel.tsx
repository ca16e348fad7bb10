import { Accordion, Stack } from '@mantine/core';
import type { TContentItem } from '@portal/contract';
import type { ReactNode } from 'react';
import { RichText } from '../../../components/rich-text';
import classes from './content-page.module.css';
import { ContentTable } from './table/content-table';

interface ContentItemPanelProps {
  item: TContentItem;
  /** Admin buttons beside the title. */
  actions?: ReactNode;
}

/** One content item as an accordion panel: title, pre-text, optional table, post-text (SPEC §2). */
export function ContentItemPanel({ item, actions }: ContentItemPanelProps) {
  return (
    <Accordion.Item value={String(item.id)} className={classes.item}>
      <div className={classes.itemHead}>
        <Accordion.Control className={classes.control}>{item.title}</Accordion.Control>
        {actions}
      </div>
      <Accordion.Panel>
        <Stack gap="md">
          {item.preText && <RichText html={item.preText} />}
          {item.csvContent && <ContentTable key={`${item.csvFile}-${item.csvRowCount}`} item={item} />}
          {item.postText && <RichText html={item.postText} />}
        </Stack>
      </Accordion.Panel>
    </Accordion.Item>
  );
}
