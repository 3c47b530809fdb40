import { QUEST_MSG } from '@wyn/contract';
import { ApiError, extractMessage } from '@/lib/api-error';
import { validateChannelUsername } from './quest-form';

export type ChannelCheckStatus = 'idle' | 'checking' | 'verified' | 'failed';

export interface ChannelCheckState {
  status: ChannelCheckStatus;
  message: string | null;
}

export type ChannelCheckAction =
  | { type: 'input-changed' }
  | { type: 'start' }
  | { type: 'result'; valid: boolean; message?: string | null }
  | { type: 'error'; message: string };

/** The check's own sentences; the result lines and the field hint are the contract's QUEST_MSG.channelOk, channelNoAccess and channelHelp. */
export const CHANNEL_MSG = {
  verifiedTitle: 'Channel Access Verified',
  failedTitle: 'Channel Access Failed',
  serverConfig: 'Server configuration error. Please contact support.',
  generic: 'Failed to validate channel access. Please try again.',
} as const;

export const initialChannelCheck: ChannelCheckState = { status: 'idle', message: null };

/** idle → checking → verified | failed; any edit of the input returns to idle. */
export function channelCheckReducer(state: ChannelCheckState, action: ChannelCheckAction): ChannelCheckState {
  switch (action.type) {
    case 'input-changed':
      return state.status === 'idle' && state.message === null ? state : initialChannelCheck;
    case 'start':
      return { status: 'checking', message: null };
    case 'result':
      if (state.status !== 'checking') return state;
      return action.valid
        ? { status: 'verified', message: QUEST_MSG.channelOk }
        : { status: 'failed', message: action.message?.trim() || QUEST_MSG.channelNoAccess };
    case 'error':
      if (state.status !== 'checking') return state;
      return { status: 'failed', message: action.message };
    default:
      return state;
  }
}

/** Test Access is disabled while checking or while the username is invalid. */
export function canTestAccess(state: ChannelCheckState, username: string): boolean {
  return state.status !== 'checking' && validateChannelUsername(username) === null;
}

export function channelButtonLabel(state: ChannelCheckState): string {
  if (state.status === 'checking') return 'Checking…';
  return state.status === 'verified' ? 'Recheck' : 'Test Access';
}

/** A failed validate-channel call → the message to show (docs/spec/01-signin-home-create.md §8 "Channel check"). */
export function channelCheckErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const server = extractMessage(error.data);
    if (error.kind === 'http' && error.status === 500) return server ?? CHANNEL_MSG.serverConfig;
    if (server) return server;
    if (error.kind !== 'http') return error.message;
    return CHANNEL_MSG.generic;
  }
  return error instanceof Error && error.message ? error.message : CHANNEL_MSG.generic;
}
