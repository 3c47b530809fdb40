/**
 * Quest shapes as the club API sends them. Local until `@wyn/contract` exports its quest schemas;
 * then these become re-exports.
 */
import type { QuestType } from '@wyn/contract';

export type { QuestType };
export type ParticipationStatus = 'joined' | 'pending' | 'approved' | 'rejected';
export type VerificationMode = 'automatic' | 'review';
export type ChannelType = 'public_channel' | 'private_channel' | 'public_group' | 'private_group';

export interface QuestTag {
  id: string;
  name: string;
}

export interface MyParticipation {
  id: string;
  verification_status: ParticipationStatus;
  proof_text: string | null;
  proof_image: string | null;
  rejection_reason: string | null;
  joined_at: string | null;
  submitted_at: string | null;
  completion_date: string | null;
  verified_date: string | null;
}

export interface QuestDetail {
  id: string;
  title: string;
  description: string;
  media: string | null;
  tags: QuestTag[];
  reward_amount: string;
  creator: string;
  creator_name: string | null;
  creator_avatar: string | null;
  status: string;
  deadline: string | null;
  max_participants: number | null;
  current_participants: number;
  participation_requirements: string | null;
  completion_criteria: string | null;
  task_type: QuestType;
  channel_username: string | null;
  channel_type: ChannelType | null;
  invite_link: string | null;
  bot_username: string | null;
  bot_start_link: string | null;
  social_platform: string | null;
  hashtag: string | null;
  video_id: string | null;
  target_url: string | null;
  verification_mode: VerificationMode;
  likes_count: number;
  is_liked: boolean;
  shares_count: number;
  created_at: string;
  is_creator: boolean;
  my_participation: MyParticipation | null;
  pending_review_count: number;
}

export interface Submission {
  id: string;
  task: string;
  task_title: string;
  user: { id: string; username: string | null; display_name: string | null; avatar: string | null };
  verification_status: ParticipationStatus;
  proof_text: string | null;
  proof_image: string | null;
  proof_data: unknown;
  rejection_reason: string | null;
  joined_at: string | null;
  submitted_at: string | null;
  completion_date: string | null;
  verified_date: string | null;
}

export interface MembershipResult {
  is_member: boolean;
  message: string;
  verification_status: ParticipationStatus;
}
