import { Paper, Text, VisuallyHidden } from '@mantine/core';
import { AUDIT_KINDS, type TAuditEntry } from '@portal/contract';
import { de } from '../../../../i18n/de';
import { formatDateTime } from '../../../../lib/formatting';
import { actorLabel, changeLines, subjectLabel } from '../lib/audit-entry';
import classes from './audit.module.css';

const texts = de.adminAudit;

/** One entry: when (German time), who, what and about which subject, and each changed field before → after. */
export function AuditEntryCard({ entry }: { entry: TAuditEntry }) {
  const lines = changeLines(entry);
  const headingId = `audit-${entry.id}`;
  return (
    <Paper component="li" withBorder radius="md" p="sm" aria-labelledby={headingId}>
      <div className={classes.entry}>
        <Text size="sm" className={classes.cell}>
          <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
        </Text>
        <Text size="sm" fw={600} className={classes.cell}>
          <VisuallyHidden>{texts.actor}: </VisuallyHidden>
          {actorLabel(entry)}
        </Text>
        <div className={classes.cell}>
          <Text size="sm" fw={600} id={headingId}>
            {AUDIT_KINDS[entry.kind]}: {subjectLabel(entry)}
          </Text>
        </div>
        {lines.length > 0 && (
          <dl className={classes.changes}>
            {lines.map((line) => (
              <div key={line.field} style={{ display: 'contents' }}>
                <dt>{line.label}</dt>
                <dd>
                  {line.before}
                  <span className={classes.arrow} aria-hidden>
                    →
                  </span>
                  <VisuallyHidden>{texts.changedTo}</VisuallyHidden>
                  {line.after}
                </dd>
              </div>
            ))}
          </dl>
        )}
      </div>
    </Paper>
  );
}
