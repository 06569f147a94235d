import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { useToastOutlet } from '@/components/toast-outlet';
import { Button } from '@/components/ui/button';

type CopyButtonProps = { text: string; label: string; copiedMessage: string };

/** Copies `text` to the clipboard and confirms with a toast. */
export function CopyButton({ text, label, copiedMessage }: CopyButtonProps) {
  useToastOutlet();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      toast.success(copiedMessage);
    } catch {
      toast.error('Could not copy to the clipboard. Please select the text and copy it manually.');
    }
  };
  return (
    <Button type="button" variant="outline" size="sm" onClick={() => void copy()}>
      {copied ? <Check /> : <Copy />}
      {label}
    </Button>
  );
}
