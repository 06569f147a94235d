import type { AuditEntry } from '@patrol/contracts';
import { humanise, timeZoneLabel } from '@patrol/domain';
import { formatBusinessDateTime } from '@/lib/company-time';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';

const shownChanges = 4;

/** A value of the trail as a person reads it: lines as a count, objects as JSON. */
function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return `${value.length} ${value.length === 1 ? 'line' : 'lines'}`;
  return JSON.stringify(value);
}

/** A field name in words: 'paidAmount' -> 'Paid amount', 'clientInfo.companyName' -> 'Client info company name'. */
function fieldInWords(field: string): string {
  const words = field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[._]/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

// Row ids say nothing to a reader (the entity is named beside them); the export keeps them.
const idField = /(^|\.)id$|Id$/;

/** The changes a reader needs: no ids, nothing that reads the same before and after. */
function readableChanges(entry: AuditEntry) {
  return Object.entries(entry.changes).filter(
    ([field, change]) => !idField.test(field) && shown(change.before) !== shown(change.after),
  );
}

function ChangeList({ entry }: { entry: AuditEntry }) {
  const changes = readableChanges(entry);
  return (
    <ul className="grid gap-0.5 text-xs">
      {changes.slice(0, shownChanges).map(([field, change]) => (
        <li
          key={field}
          className="max-w-md truncate"
          title={`${field}: ${JSON.stringify(change.before)} → ${JSON.stringify(change.after)}`}
        >
          <span className="font-medium">{fieldInWords(field)}</span>: {shown(change.before)} →{' '}
          {shown(change.after)}
        </li>
      ))}
      {changes.length > shownChanges && (
        <li className="text-muted-foreground">and {changes.length - shownChanges} more fields</li>
      )}
    </ul>
  );
}

/** What the entry is about: its document number or name, its client, and its kind. */
function EntityCell({ entry }: { entry: AuditEntry }) {
  return (
    <div className="grid gap-0.5">
      <span className="font-medium whitespace-nowrap tabular-nums">
        {entry.entityLabel ?? humanise(entry.entityType)}
      </span>
      {entry.clientName && <span className="text-xs">{entry.clientName}</span>}
      <span className="text-xs text-muted-foreground">
        {humanise(entry.entityType)}
        {!entry.entityLabel && (
          <span className="ml-1 font-mono" title={entry.entityId}>
            {entry.entityId.slice(0, 8)}
          </span>
        )}
      </span>
    </div>
  );
}

/**
 * Who acted: the person, else for the actions nobody signed in makes (a refused sign-in, a status
 * LHDN reported, a device activating its licence) who made them, for a session the system, and
 * otherwise an account deleted since.
 */
function actorName(entry: AuditEntry): string {
  if (entry.actor) return entry.actor.fullName || entry.actor.username;
  const actorless = actorlessActions[entry.action];
  if (actorless) return actorless;
  if (entry.entityType === 'session') return 'System';
  return 'Deleted user';
}

/** Who makes the actions recorded without an account. */
const actorlessActions: Record<string, string> = {
  'session.sign_in_failed': 'Not signed in',
  'einvoice.validated': 'LHDN (MyInvois)',
  'einvoice.invalid': 'LHDN (MyInvois)',
  'einvoice.rejection_requested': 'LHDN (MyInvois)',
  'einvoice.cancelled_in_portal': 'LHDN (MyInvois)',
  'licence.activated': 'Patrol app',
};

/** One page of the trail as an accountant reads it, times in the company's time zone. */
export function AuditTable({ entries, timeZone }: { entries: AuditEntry[]; timeZone: string }) {
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead title={`Times in ${timeZoneLabel(timeZone)}`}>
            When <span className="font-normal text-muted-foreground">({timeZone})</span>
          </TableHead>
          <TableHead>Who</TableHead>
          <TableHead>Action</TableHead>
          <TableHead>Document or record</TableHead>
          <TableHead>Changes</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {entries.map((entry) => (
          <TableRow key={entry.id}>
            <TableCell
              className="whitespace-nowrap tabular-nums"
              title={entry.requestId ? `Request ${entry.requestId}` : undefined}
            >
              {formatBusinessDateTime(entry.createdAt, timeZone)}
            </TableCell>
            <TableCell>{actorName(entry)}</TableCell>
            <TableCell title={entry.action}>{entry.actionLabel}</TableCell>
            <TableCell>
              <EntityCell entry={entry} />
            </TableCell>
            <TableCell>
              <ChangeList entry={entry} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
