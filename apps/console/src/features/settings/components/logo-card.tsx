import type { CompanyLogo } from '@patrol/contracts';
import { ImageIcon, Trash2, Upload } from 'lucide-react';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { useDeleteLogo } from '@/features/settings/api/delete-logo';
import { logoFileProblem, useUploadLogo } from '@/features/settings/api/upload-logo';

type LogoCardProps = {
  logo: CompanyLogo | null;
  canEdit: boolean;
  /** Called after the logo changed on the server. */
  onChanged: () => void;
};

/** The company logo: preview, upload with progress, and delete with confirmation. */
export function LogoCard({ logo, canEdit, onChanged }: LogoCardProps) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const upload = useUploadLogo();
  const remove = useDeleteLogo();

  const onFileChosen = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again still fires a change.
    event.target.value = '';
    if (!file) return;
    const fileProblem = logoFileProblem(file);
    setProblem(fileProblem);
    if (fileProblem) return;
    setProgress(0);
    try {
      await upload.mutateAsync({ file, onProgress: setProgress });
      toast.success('Logo uploaded successfully');
      onChanged();
    } catch (error) {
      const message =
        error instanceof Error && error.message ? error.message : 'Failed to upload logo';
      setProblem(message);
      toast.error(message);
    }
  };

  const onDelete = async () => {
    try {
      await remove.mutateAsync();
      toast.success('Logo deleted successfully');
      setConfirmDelete(false);
      onChanged();
    } catch {
      toast.error('Failed to delete logo');
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Company Logo</CardTitle>
        <CardDescription>PNG, JPEG, GIF or WebP, less than 5MB.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <div className="flex size-28 shrink-0 items-center justify-center overflow-hidden rounded-md border bg-muted/30">
          {logo ? (
            <img
              src={logo.url}
              alt="Company logo"
              className="max-h-full max-w-full object-contain"
            />
          ) : (
            <ImageIcon className="size-8 text-muted-foreground" aria-label="No logo uploaded" />
          )}
        </div>
        <div className="grid flex-1 gap-3">
          {canEdit ? (
            <div className="flex flex-wrap gap-2">
              <input
                ref={inputRef}
                id={inputId}
                type="file"
                accept="image/*"
                className="sr-only"
                tabIndex={-1}
                aria-label="Logo file"
                onChange={(event) => void onFileChosen(event)}
              />
              <Button
                type="button"
                variant="outline"
                disabled={upload.isPending}
                onClick={() => inputRef.current?.click()}
              >
                <Upload /> {logo ? 'Replace Logo' : 'Upload Logo'}
              </Button>
              {logo && (
                <Button
                  type="button"
                  variant="outline"
                  className="text-destructive"
                  disabled={upload.isPending}
                  onClick={() => setConfirmDelete(true)}
                >
                  <Trash2 /> Delete Logo
                </Button>
              )}
            </div>
          ) : (
            <p className="text-sm text-muted-foreground">
              {logo ? 'The logo printed on documents.' : 'No logo uploaded.'}
            </p>
          )}
          {upload.isPending && (
            <div className="grid max-w-sm gap-1">
              <Progress value={progress} aria-label="Logo upload progress" />
              <span className="text-xs text-muted-foreground tabular-nums">
                Uploading... {progress}%
              </span>
            </div>
          )}
          {problem && (
            <p role="alert" className="text-sm text-destructive">
              {problem}
            </p>
          )}
        </div>
      </CardContent>
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title="Delete the company logo?"
        description="The current logo will be removed from the console and from new documents."
        confirmLabel="Delete Logo"
        destructive
        pending={remove.isPending}
        onConfirm={() => void onDelete()}
      />
    </Card>
  );
}
