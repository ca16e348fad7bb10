import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { de } from '../../../../i18n/de';
import type { SideEdges } from '../../lib/side-scroll';
import classes from './content-table.module.css';

/**
 * Around a table's scroll box: when the table is wider than the screen, a line above it says so and the
 * edges with more columns behind them are shaded (issue 31: on a phone nothing showed that it scrolls).
 */
export function SideScroll({ edges, children }: { edges: SideEdges; children: ReactNode }) {
  return (
    <div>
      {(edges.left || edges.right) && (
        <Text size="xs" c="dimmed" className={classes.sideHint}>
          {de.content.table.sideways}
        </Text>
      )}
      <div
        className={classes.sideScroll}
        data-more-left={edges.left || undefined}
        data-more-right={edges.right || undefined}
      >
        {children}
      </div>
    </div>
  );
}
