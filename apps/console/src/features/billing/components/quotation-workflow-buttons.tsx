import type { QuotationSummary } from '@patrol/contracts';
import { canPerform, quotationWorkflow, type QuotationWorkflowAction } from '@patrol/domain';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth';

/**
 * A quotation's workflow buttons (spec 3 section 4), each shown when the user may call its route
 * (the status change, or the conversion), or the note that says why there are none.
 */
export function QuotationWorkflowButtons({
  quotation,
  busy,
  onAction,
}: {
  quotation: QuotationSummary;
  busy: (key: string) => boolean;
  onAction: (action: QuotationWorkflowAction) => void;
}) {
  const { user } = useAuth();
  const workflow = quotationWorkflow(quotation.status);
  if (workflow.note) return <span className="text-xs text-muted-foreground">{workflow.note}</span>;
  const allowed = workflow.actions.filter((action) =>
    canPerform(user, action.action === 'convert' ? 'convertQuotation' : 'setQuotationStatus'),
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
