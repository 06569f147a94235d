import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';

// Each opens from a plain button's state, without the Radix Trigger that would return focus.
function PlainDialog() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open dialog</Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogTitle>Plain</DialogTitle>
          <DialogDescription>A dialog</DialogDescription>
        </DialogContent>
      </Dialog>
    </>
  );
}

function PlainSheet() {
  const [open, setOpen] = useState(false);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <Button onClick={() => setOpen(true)}>Open sheet</Button>
      <SheetContent>
        <SheetTitle>Panel</SheetTitle>
        <SheetDescription>A sheet</SheetDescription>
      </SheetContent>
    </Sheet>
  );
}

function PlainConfirm() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open confirmation</Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Sure?"
        description="It cannot be undone"
        confirmLabel="Yes"
        onConfirm={() => setOpen(false)}
      />
    </>
  );
}

// A row's actions menu opening a dialog: the menu item is gone by the time the dialog closes.
function MenuDialog() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button>Actions</Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuItem onSelect={() => setOpen(true)}>Edit</DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogTitle>Edit</DialogTitle>
          <DialogDescription>From a menu</DialogDescription>
        </DialogContent>
      </Dialog>
    </>
  );
}

describe('focus after a dialog closes', () => {
  it.each([
    ['dialog', PlainDialog, 'Open dialog', 'dialog'],
    ['sheet', PlainSheet, 'Open sheet', 'dialog'],
    ['confirmation', PlainConfirm, 'Open confirmation', 'alertdialog'],
  ] as const)('returns to the button that opened the %s', async (_kind, Screen, opener, role) => {
    const user = userEvent.setup();
    render(<Screen />);
    await user.click(screen.getByRole('button', { name: opener }));
    expect(await screen.findByRole(role)).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole(role)).not.toBeInTheDocument();
    // Radix moves focus back after the content has unmounted, on the next task.
    await waitFor(() => expect(screen.getByRole('button', { name: opener })).toHaveFocus());
  });

  it('returns to the menu button when the dialog opened from one of its items', async () => {
    const user = userEvent.setup();
    render(<MenuDialog />);
    await user.click(screen.getByRole('button', { name: 'Actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Actions' })).toHaveFocus());
  });
});
