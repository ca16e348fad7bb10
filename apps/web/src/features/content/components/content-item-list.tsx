import '@mantine/core/styles/Accordion.css';
import { Accordion, Text } from '@mantine/core';
import type { TContentItem } from '@portal/contract';
import { useEffect, useState } from 'react';
import { useAlerts } from '../../../components/feedback/alerts';
import { useConfirm } from '../../../components/feedback/confirm';
import { useBottomSheet } from '../../../components/overlay/bottom-sheet';
import { de } from '../../../i18n/de';
import { reveal } from '../../../lib/reveal';
import { useDeleteContentItem } from '../api/delete-content-item';
import { useSaveContentOrder } from '../api/save-content-order';
import { initiallyOpened, itemElementId, type LinkedItem } from '../lib/linked-item';
import { type MoveDirection, moveItem } from '../lib/move-item';
import { idsOf, openedWithNew } from '../lib/opened-items';
import { ContentItemActions } from './content-item-actions';
import { contentFormSheet } from './content-item-form';
import { ContentItemPanel } from './content-item-panel';

interface ContentItemListProps {
  categoryId: number;
  items: readonly TContentItem[];
  isAdmin: boolean;
  /** The item a link names (a search hit): it opens, comes into view and starts with its table searched. */
  linked?: LinkedItem | null;
}

/** The items of a content page, one accordion panel each; admins move, edit and delete them. */
export function ContentItemList({ categoryId, items, isAdmin, linked = null }: ContentItemListProps) {
  const [opened, setOpened] = useState<string[]>(() => initiallyOpened(items, linked));
  const linkedId = linked?.itemId;
  // A linked row brings itself into view once its page has rendered (table/paged-table.tsx).
  const linkedRow = linked?.row ?? null;
  useEffect(() => {
    if (linkedId === undefined || linkedRow !== null) return;
    // After the frame's own landing on the page top, which runs later in the same commit.
    const frame = requestAnimationFrame(() => reveal(document.getElementById(itemElementId(linkedId))));
    return () => cancelAnimationFrame(frame);
  }, [linkedId, linkedRow]);
  // Items new since the last render were just saved here: open them (adjusting state while rendering, as
  // React recommends over an effect, so the new item never shows closed first).
  const [known, setKnown] = useState(() => idsOf(items));
  if (items.some((item) => !known.has(item.id))) {
    setOpened(openedWithNew(opened, known, items));
    setKnown(idsOf(items));
  }
  const saveOrder = useSaveContentOrder(categoryId);
  const deletion = useDeleteContentItem(categoryId);
  const confirm = useConfirm();
  const alerts = useAlerts();
  const sheet = useBottomSheet();

  if (items.length === 0) return <Text c="dimmed">{de.content.empty}</Text>;

  function move(item: TContentItem, direction: MoveDirection) {
    const next = moveItem(items, item.id, direction);
    saveOrder.mutate(next);
    keepFocus(item.id, direction);
  }

  async function remove(item: TContentItem) {
    const confirmed = await confirm({
      title: de.deletion.title,
      text: de.deletion.entry(item.title),
      danger: true,
    });
    if (!confirmed) return;
    try {
      await deletion.mutateAsync(item.id);
    } catch {
      return; // the API client has shown the error
    }
    alerts.success(de.content.deleted);
  }

  return (
    <Accordion
      multiple
      value={opened}
      onChange={setOpened}
      order={2}
      variant="unstyled"
      chevronPosition="left"
    >
      {items.map((item, index) => (
        <ContentItemPanel
          key={item.id}
          item={item}
          initialSearch={item.id === linked?.itemId ? linked.q : undefined}
          initialRow={item.id === linked?.itemId ? (linked.row ?? undefined) : undefined}
          actions={
            isAdmin && (
              <ContentItemActions
                item={item}
                first={index === 0}
                last={index === items.length - 1}
                onMove={move}
                onEdit={(target) => sheet.open(contentFormSheet(categoryId, target, sheet.close))}
                onDelete={(target) => void remove(target)}
              />
            )
          }
        />
      ))}
    </Accordion>
  );
}

/**
 * Reordering moves the item's DOM node, which drops the keyboard focus: put it back on the button that
 * was pressed, or on the other one when the item reached the end of the list.
 */
function keepFocus(itemId: number, direction: MoveDirection): void {
  requestAnimationFrame(() => {
    const button = (move: MoveDirection) =>
      document.querySelector<HTMLButtonElement>(`button[data-item="${itemId}"][data-move="${move}"]`);
    const pressed = button(direction);
    const target = pressed && !pressed.disabled ? pressed : button(direction === 'up' ? 'down' : 'up');
    target?.focus();
  });
}
