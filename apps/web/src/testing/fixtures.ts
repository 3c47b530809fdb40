import type {
  HomepageComplete,
  OwnProfile,
  PerkCard,
  PerkDetail,
  ProfileCard,
  QuestCard,
  QuestDetail,
  StaffBanner,
  User,
} from '@wyn/contract';

export const USER_ID = '11111111-1111-4111-8111-111111111111';
export const OTHER_ID = '22222222-2222-4222-8222-222222222222';

export const user: User = {
  id: USER_ID,
  username: 'ana',
  email: 'ana@example.com',
  phone_number: null,
  first_name: 'Ana',
  last_name: 'Ng',
  tg_username: null,
  telegram_id: null,
  telegram_photo_url: null,
  is_verified: true,
  is_staff: false,
  date_joined: '2025-01-01T00:00:00Z',
};

/** A new member's XP and level (level 1, 100 XP to level 2). */
export const level1 = { xp: 0, level: 1, next_level_xp: 100 };

export const profile: OwnProfile = {
  ...level1,
  id: USER_ID,
  user: { id: USER_ID, username: 'ana', first_name: 'Ana', last_name: 'Ng' },
  display_name: 'Ana Ng',
  bio: '',
  avatar: null,
  telegram_photo_url: null,
  telegram_handle: null,
  is_business: false,
  business_tag: null,
  followers_count: 0,
  following_count: 0,
  posts_count: 0,
  quests_completed_count: 0,
  shareable_url: '',
  is_following: false,
  is_private: false,
  created_at: '2025-01-01T00:00:00Z',
  updated_at: '2025-01-01T00:00:00Z',
};

export function quest(id: string, extra: Partial<QuestCard> = {}): QuestCard {
  return {
    id,
    title: `Quest ${id.slice(0, 4)}`,
    description: 'Do the thing',
    reward_amount: '50.00',
    task_type: 'join',
    status: 'published',
    media: null,
    tags: [],
    creator: null,
    deadline: null,
    max_participants: 100,
    current_participants: 3,
    created_at: '2025-01-01T00:00:00Z',
    ...extra,
  };
}

export function perk(id: string, extra: Partial<PerkCard> = {}): PerkCard {
  return {
    id,
    title: `Perk ${id.slice(0, 4)}`,
    description: 'A perk',
    cost_amount: '25.50',
    perk_type: 'discount_code',
    status: 'active',
    media: null,
    tags: [],
    creator: null,
    deadline: null,
    max_participants: null,
    purchased_count: 0,
    created_at: '2025-01-01T00:00:00Z',
    ...extra,
  };
}

/** A perk as `perks/{id}/details/` answers it (here: another member's, not redeemed). */
export function perkDetail(id: string, extra: Partial<PerkDetail> = {}): PerkDetail {
  return {
    id,
    title: `Perk ${id.slice(0, 4)}`,
    description: 'A perk',
    terms_and_conditions: '',
    purchase_requirements: '',
    cost_amount: '25.50',
    media: null,
    tags: [],
    creator: OTHER_ID,
    creator_name: 'Bo Lee',
    creator_avatar: null,
    is_creator: false,
    created_at: '2025-01-01T00:00:00Z',
    updated_at: '2025-01-01T00:00:00Z',
    deadline: null,
    max_participants: null,
    purchased_count: 0,
    status: 'active',
    perk_type: 'discount_code',
    is_verified: false,
    is_redeemed: false,
    is_available: true,
    redeemed_at: null,
    content: null,
    min_level: 0,
    my_level: level1,
    ...extra,
  };
}

/** A quest as `tasks/{id}/` answers it (here: another member's post quest, not joined). */
export function questDetail(id: string, extra: Partial<QuestDetail> = {}): QuestDetail {
  return {
    id,
    title: 'Post with our hashtag',
    description: 'Post about the launch with #wyn and send the link.',
    media: null,
    tags: [],
    reward_amount: '10.00',
    creator: OTHER_ID,
    creator_name: 'Bo Lee',
    creator_avatar: null,
    status: 'published',
    deadline: null,
    max_participants: 5,
    current_participants: 0,
    participation_requirements: '',
    completion_criteria: '',
    task_type: 'post',
    channel_username: null,
    channel_type: null,
    invite_link: null,
    bot_username: null,
    bot_start_link: null,
    social_platform: null,
    hashtag: '#wyn',
    video_id: null,
    target_url: null,
    verification_mode: 'review',
    likes_count: 0,
    is_liked: false,
    shares_count: 0,
    created_at: '2026-05-01T00:00:00Z',
    is_creator: false,
    my_participation: null,
    pending_review_count: 0,
    min_level: 0,
    my_level: level1,
    ...extra,
  };
}

export function profileCard(id: string, extra: Partial<ProfileCard> = {}): ProfileCard {
  return {
    id,
    user: id,
    username: null,
    display_name: '',
    avatar: null,
    telegram_photo_url: null,
    is_business: false,
    bio: '',
    followers_count: 0,
    following_count: 0,
    quests_completed_count: 2,
    completed_tasks: [],
    ...extra,
  };
}

export function homepage(extra: Partial<HomepageComplete> = {}): HomepageComplete {
  return {
    banner_sliders: [],
    sections: [],
    task_carousels: {},
    perk_carousels: {},
    user_carousels: {},
    featured_quests: [],
    featured_perks: [],
    featured_users: [],
    ...extra,
  };
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** A staff console banner (live, no schedule); `extra` changes any field. */
export function staffBanner(extra: Partial<StaffBanner> = {}): StaffBanner {
  return {
    id: crypto.randomUUID(),
    title: 'Welcome week',
    description: null,
    image_url: '/media/welcome.png',
    link: null,
    position: 0,
    starts_at: null,
    ends_at: null,
    is_active: true,
    is_live: true,
    created_at: '2030-01-01T00:00:00Z',
    updated_at: '2030-01-01T00:00:00Z',
    ...extra,
  };
}
