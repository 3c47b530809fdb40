import { useMutation } from '@tanstack/react-query';
import { routes } from '@wyn/contract';
import { api, type CallOutput } from '@/lib/api-client';
import { normalizeChannelUsername } from '../lib/quest-form';

export type ValidateChannelResult = CallOutput<'validateChannel'>;

/** POST club/telegram/validate-channel/ — the result is shown by the wizard, so no global toast. */
export function validateChannel(channelUsername: string): Promise<ValidateChannelResult> {
  return api.call(
    routes.validateChannel,
    { body: { channel_username: normalizeChannelUsername(channelUsername) } },
    { toast: false },
  );
}

export function useValidateChannel() {
  return useMutation({ mutationFn: validateChannel });
}
