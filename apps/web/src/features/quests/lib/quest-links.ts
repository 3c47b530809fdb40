import { isHttpUrl } from '@/lib/format';
import type { QuestDetail } from '../types';
import { botLink, channelLink } from './participation';

/** The outside link a member opens to do the quest (only http(s) links are ever rendered). */
export function questActionLink(quest: QuestDetail): { href: string; label: string } | null {
  switch (quest.task_type) {
    case 'join': {
      const href =
        quest.invite_link && isHttpUrl(quest.invite_link) ? quest.invite_link : channelLink(quest.channel_username);
      return href ? { href, label: 'Open the channel' } : null;
    }
    case 'start_bot': {
      const href = botLink(quest);
      return href && isHttpUrl(href) ? { href, label: 'Start the bot' } : null;
    }
    case 'follow': {
      const handle = (quest.social_platform ?? '').trim().replace(/^@+/, '');
      if (!handle) return null;
      if (isHttpUrl(handle)) return { href: handle, label: 'Open the profile' };
      return {
        href: `https://www.instagram.com/${encodeURIComponent(handle)}/`,
        label: `Follow @${handle} on Instagram`,
      };
    }
    case 'watch': {
      const id = (quest.video_id ?? '').trim();
      return id
        ? { href: `https://www.youtube.com/watch?v=${encodeURIComponent(id)}`, label: 'Watch the video' }
        : null;
    }
    case 'visit':
      return isHttpUrl(quest.target_url) ? { href: quest.target_url, label: 'Visit the link' } : null;
    default:
      return null;
  }
}

/** Set by the quest screen's Edit Quest: leaving the edit screen goes back in the history, not forward. */
export interface EditQuestLinkState {
  fromQuest?: boolean;
}

export const EDIT_FROM_QUEST: EditQuestLinkState = { fromQuest: true };
