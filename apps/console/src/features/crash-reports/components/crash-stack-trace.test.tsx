import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CrashStackTrace } from '@/features/crash-reports/components/crash-stack-trace';

const raw = 'java.lang.IllegalStateException: shift missing\n\tat a.b.a(SourceFile:1)';
const readable =
  'java.lang.IllegalStateException: shift missing\n\tat com.patrol.app.data.ShiftRepository.parse(ShiftRepository.kt:88)';

describe('CrashStackTrace', () => {
  it('shows the readable stack first and toggles to the raw one by keyboard', async () => {
    const user = userEvent.setup();
    render(<CrashStackTrace report={{ stackTrace: raw, readableStackTrace: readable }} />);
    expect(screen.getByLabelText('Readable stack trace')).toHaveTextContent(
      'ShiftRepository.parse',
    );
    expect(screen.getByRole('button', { name: 'Readable' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    screen.getByRole('button', { name: 'Raw (obfuscated)' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByLabelText('Stack trace')).toHaveTextContent('a.b.a(SourceFile:1)');
    expect(screen.getByRole('button', { name: 'Raw (obfuscated)' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('shows the stack as sent, without a toggle, when the version has no mapping', () => {
    render(<CrashStackTrace report={{ stackTrace: raw, readableStackTrace: null }} />);
    expect(screen.getByLabelText('Stack trace')).toHaveTextContent('a.b.a(SourceFile:1)');
    expect(screen.queryByRole('button', { name: 'Readable' })).toBeNull();
  });

  it('says N/A without a stack trace', () => {
    render(<CrashStackTrace report={{ stackTrace: null, readableStackTrace: null }} />);
    expect(screen.getByText('N/A')).toBeInTheDocument();
  });
});
