import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { normalizeChannelUsername } from '../lib/quest-form';

export interface ValidateChannelResult {
  valid: boolean;
  message: string;
}

/** POST club/telegram/validate-channel/ — the result is shown by the wizard, so no global toast. */
export function validateChannel(channelUsername: string): Promise<ValidateChannelResult> {
  return api.post<ValidateChannelResult>(
    apiPaths.validateChannel,
    { channel_username: normalizeChannelUsername(channelUsername) },
    { toast: false },
  );
}

export function useValidateChannel() {
  return useMutation({ mutationFn: validateChannel });
}
