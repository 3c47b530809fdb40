import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CHAT_MSG } from '@wyn/contract';
import { MessageComposer } from './message-composer';

const USER = '0b7a3a0e-8e0a-4a51-9d8f-1e2b3c4d5e6f';

function setup(props: Partial<Parameters<typeof MessageComposer>[0]> = {}) {
  const onSend = vi.fn(async () => {});
  render(<MessageComposer chatWith={USER} onSend={onSend} sending={false} failed={false} {...props} />);
  const input = screen.getByPlaceholderText(CHAT_MSG.inputPlaceholder) as HTMLTextAreaElement;
  const button = screen.getByRole('button', { name: 'Send message' }) as HTMLButtonElement;
  return { onSend, input, button };
}

describe('MessageComposer', () => {
  it('sends the trimmed text on Enter and clears the input', async () => {
    const { onSend, input } = setup();
    fireEvent.change(input, { target: { value: '  hello  ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSend).toHaveBeenCalledWith('hello');
    await waitFor(() => expect(input.value).toBe(''));
  });

  it('does not send on Shift+Enter (a new line)', () => {
    const { onSend, input } = setup();
    fireEvent.change(input, { target: { value: 'line one' } });
    fireEvent.keyDown(input, { key: 'Enter', shiftKey: true });
    expect(onSend).not.toHaveBeenCalled();
  });

  it('is disabled and ignores Enter for blank text or without a chat', () => {
    const blank = setup();
    fireEvent.change(blank.input, { target: { value: '   ' } });
    expect(blank.button.disabled).toBe(true);
    fireEvent.keyDown(blank.input, { key: 'Enter' });
    expect(blank.onSend).not.toHaveBeenCalled();
  });

  it('keeps the text and shows the failure when sending fails', async () => {
    const onSend = vi.fn(async () => {
      throw new Error('offline');
    });
    const { input } = setup({ onSend, failed: true });
    expect(screen.getByRole('alert').textContent).toBe(CHAT_MSG.sendFailed);
    fireEvent.change(input, { target: { value: 'try me' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(onSend).toHaveBeenCalled());
    expect(input.value).toBe('try me');
  });

  it('shows the 4,000-character limit', () => {
    const { input } = setup();
    fireEvent.change(input, { target: { value: 'abc' } });
    expect(screen.getByText('3/4,000')).toBeTruthy();
    expect(input.maxLength).toBe(4000);
  });
});

describe('MessageComposer without a chat', () => {
  it('is disabled', () => {
    const { input, button } = setup({ chatWith: null });
    expect(input.disabled).toBe(true);
    expect(button.disabled).toBe(true);
  });
});
