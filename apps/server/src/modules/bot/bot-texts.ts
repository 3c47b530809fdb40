import type { StartTargetKind } from '@wyn/contract';

/** What the bot answers to `/start` (with or without a payload), and the app screen its button opens. */
export const startAnswer = {
  welcome: (product: string) => ({
    text: `Welcome to ${product}! Open the app to complete quests and earn W.`,
    path: '/',
  }),
  questDone: (title: string, product: string) => ({
    text: `Quest "${title}" completed! Your reward is in your ${product} wallet.`,
    path: '/wallet',
  }),
  invalid: () => ({ text: 'This link has already been used or is not valid.', path: '/' }),
  target: (kind: StartTargetKind, product: string, path: string) => ({
    text:
      kind === 'quest'
        ? `Here is the quest you were sent. Open it in ${product}.`
        : kind === 'perk'
          ? `Here is the perk you were sent. Open it in ${product}.`
          : kind === 'profile'
            ? `Here is the profile you were sent. Open it in ${product}.`
            : `You were invited to ${product}! Open the app to complete quests and earn W.`,
    path,
  }),
};
