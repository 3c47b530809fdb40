import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error';
import {
  canTestAccess,
  channelButtonLabel,
  channelCheckErrorMessage,
  channelCheckReducer,
  initialChannelCheck,
  type ChannelCheckAction,
  type ChannelCheckState,
} from './channel-check';

const run = (...actions: ChannelCheckAction[]): ChannelCheckState =>
  actions.reduce(channelCheckReducer, initialChannelCheck);

describe('channel check state machine', () => {
  it('goes idle → checking → verified, and the button reads Recheck', () => {
    const checking = run({ type: 'start' });
    expect(checking.status).toBe('checking');
    expect(channelButtonLabel(checking)).toBe('Checking…');
    const verified = channelCheckReducer(checking, { type: 'result', valid: true, message: 'ok' });
    expect(verified).toEqual({ status: 'verified', message: 'Success! Our bot has proper access to the channel.' });
    expect(channelButtonLabel(verified)).toBe('Recheck');
    expect(channelButtonLabel(initialChannelCheck)).toBe('Test Access');
  });
  it('fails with the server message or the default', () => {
    expect(run({ type: 'start' }, { type: 'result', valid: false, message: 'Bot is not an admin' })).toEqual({
      status: 'failed',
      message: 'Bot is not an admin',
    });
    expect(run({ type: 'start' }, { type: 'result', valid: false, message: '' }).message).toBe(
      'Bot does not have proper access to the channel.',
    );
    expect(run({ type: 'start' }, { type: 'error', message: 'boom' })).toEqual({ status: 'failed', message: 'boom' });
  });
  it('clears the result when the input changes', () => {
    expect(run({ type: 'start' }, { type: 'result', valid: true }, { type: 'input-changed' })).toEqual(
      initialChannelCheck,
    );
    expect(run({ type: 'start' }, { type: 'error', message: 'x' }, { type: 'input-changed' })).toEqual(
      initialChannelCheck,
    );
  });
  it('ignores a late answer after the input changed', () => {
    expect(run({ type: 'start' }, { type: 'input-changed' }, { type: 'result', valid: true })).toEqual(
      initialChannelCheck,
    );
  });
  it('disables Test Access while checking or with an invalid username', () => {
    expect(canTestAccess(initialChannelCheck, '@wyn')).toBe(true);
    expect(canTestAccess(initialChannelCheck, '')).toBe(false);
    expect(canTestAccess(initialChannelCheck, 'a b')).toBe(false);
    expect(canTestAccess(run({ type: 'start' }), '@wyn')).toBe(false);
  });
});

describe('channel check errors', () => {
  const http = (status: number, data?: unknown) => new ApiError({ kind: 'http', status, data, url: '/x' });
  it('maps a 500 to the configuration message unless the server says more', () => {
    expect(channelCheckErrorMessage(http(500))).toBe('Server configuration error. Please contact support.');
    expect(channelCheckErrorMessage(http(500, { detail: 'Bot token missing' }))).toBe('Bot token missing');
  });
  it('uses the error message or the default for others', () => {
    expect(channelCheckErrorMessage(http(400, { detail: 'Channel not found' }))).toBe('Channel not found');
    expect(channelCheckErrorMessage(http(502))).toBe('Failed to validate channel access. Please try again.');
    expect(channelCheckErrorMessage(new ApiError({ kind: 'network', url: '/x' }))).toBe(
      'A network error occurred. Please check your connection.',
    );
  });
});
