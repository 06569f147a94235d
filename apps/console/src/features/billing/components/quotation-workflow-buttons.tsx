import type { Quotation } from '@patrol/contracts';
import { quotationWorkflow, type QuotationWorkflowAction } from '@patrol/domain';
import { Button } from '@/components/ui/button';

/** A quotation's workflow buttons (spec 3 section 4), or the note that says why there are none. */
export function QuotationWorkflowButtons({
  quotation,
  canEdit,
  canConvert,
  busy,
  onAction,
}: {
  quotation: Quotation;
  canEdit: boolean;
  canConvert: boolean;
  busy: (key: string) => boolean;
  onAction: (action: QuotationWorkflowAction) => void;
}) {
  const workflow = quotationWorkflow(quotation.status);
  if (workflow.note) return <span className="text-xs text-muted-foreground">{workflow.note}</span>;
  const allowed = workflow.actions.filter((action) =>
    action.action === 'convert' ? canConvert : canEdit,
  );
  return (
    <div className="flex flex-wrap gap-1">
      {allowed.map((action) => (
        <Button
          key={action.action}
          size="sm"
          variant={
            action.action === 'reject' || action.action === 'close' ? 'outline' : 'secondary'
          }
          disabled={busy(`${action.action}:${quotation.id}`)}
          onClick={() => onAction(action)}
        >
          {action.label}
        </Button>
      ))}
    </div>
  );
}
