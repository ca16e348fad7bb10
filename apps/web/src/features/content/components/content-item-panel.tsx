import { Accordion, Stack } from '@mantine/core';
import type { TContentItem } from '@portal/contract';
import type { ReactNode } from 'react';
import { RichText } from '../../../components/rich-text';
import { itemElementId } from '../lib/linked-item';
import classes from './content-page.module.css';
import { ContentTable } from './table/content-table';

interface ContentItemPanelProps {
  item: TContentItem;
  /** Admin buttons beside the title. */
  actions?: ReactNode;
  /** The table's search to start with (an older search hit's text). */
  initialSearch?: string;
  /** The table row to open at, highlighted (a search hit on a row, issue 31). */
  initialRow?: number | undefined;
}

/** One content item as an accordion panel: title, pre-text, optional table, post-text (SPEC §2). */
export function ContentItemPanel({ item, actions, initialSearch, initialRow }: ContentItemPanelProps) {
  return (
    <Accordion.Item value={String(item.id)} id={itemElementId(item.id)} className={classes.item}>
      <div className={classes.itemHead}>
        <Accordion.Control className={classes.control}>{item.title}</Accordion.Control>
        {actions}
      </div>
      <Accordion.Panel>
        <Stack gap="md">
          {item.preText && <RichText html={item.preText} />}
          {item.csvContent && (
            <ContentTable
              key={`${item.csvFile}-${item.csvRowCount}`}
              item={item}
              initialSearch={initialSearch}
              initialRow={initialRow}
            />
          )}
          {item.postText && <RichText html={item.postText} />}
        </Stack>
      </Accordion.Panel>
    </Accordion.Item>
  );
}
