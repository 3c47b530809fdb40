import type { PerkDuplicate, QuestDuplicate } from '@wyn/contract';
import { describe, expect, it } from 'vitest';
import { mediaKindOfUrl, parseDuplicateParam, perkDuplicateToForm, questDuplicateToForm } from './duplicate';
import { buildPerkPayload } from './perk-form';
import { buildQuestPayload, toLocalInput } from './quest-form';

const TAG = { id: '44444444-4444-4444-8444-444444444444', name: 'Design' };

describe('parseDuplicateParam', () => {
  it('reads quest:<id> and perk:<id> and nothing else', () => {
    expect(parseDuplicateParam('quest:abc-1')).toEqual({ kind: 'quest', id: 'abc-1' });
    expect(parseDuplicateParam('perk:p_2')).toEqual({ kind: 'perk', id: 'p_2' });
    expect(parseDuplicateParam(null)).toBeNull();
    expect(parseDuplicateParam('user:1')).toBeNull();
    expect(parseDuplicateParam('quest:../x')).toBeNull();
  });
});

describe('a quest duplicate in the wizard', () => {
  const body: QuestDuplicate = {
    title: 'Visit our shop',
    description: 'Open the shop and look around.',
    reward_amount: '5.00',
    task_type: 'visit',
    max_participants: 4,
    deadline: '2099-06-01T12:00:00.000Z',
    completion_criteria: 'Screenshot of the page',
    tags: [TAG.id],
    media: '/media/cover.png',
    target_url: 'https://shop.example',
  };

  it('fills the form, and publishing it sends the same create body (with the copied cover)', () => {
    const form = questDuplicateToForm(body, [TAG]);
    expect(form).toMatchObject({
      task_type: 'visit',
      target_url: 'https://shop.example',
      title: 'Visit our shop',
      reward_amount: '5.00',
      max_participants: '4',
      deadline: toLocalInput(body.deadline),
      participation_requirements: '',
      completion_criteria: 'Screenshot of the page',
      tags: [TAG],
    });
    const payload = buildQuestPayload(form, body.media ?? null);
    expect(payload).toMatchObject({
      title: body.title,
      description: body.description,
      reward_amount: '5.00',
      task_type: 'visit',
      max_participants: 4,
      deadline: body.deadline,
      completion_criteria: body.completion_criteria,
      tags: [TAG.id],
      media: '/media/cover.png',
      target_url: body.target_url,
    });
  });

  it('keeps a join quest’s channel, type and invite link; no places and no deadline stay empty', () => {
    const form = questDuplicateToForm(
      {
        title: 'Join the club',
        description: 'Join our private group.',
        reward_amount: '2.50',
        task_type: 'join',
        channel_username: 'wyn_club',
        channel_type: 'private_group',
        invite_link: 'https://t.me/+abc',
        tags: [],
      },
      [],
    );
    expect(form).toMatchObject({
      channel_username: 'wyn_club',
      channel_type: 'private_group',
      invite_link: 'https://t.me/+abc',
      max_participants: '',
      deadline: '',
    });
  });
});

describe('a perk duplicate in the wizard', () => {
  it('fills the form with its delivered content, and publishing sends it again', () => {
    const body: PerkDuplicate = {
      title: 'Members-only guide',
      description: 'Our best tips, for members.',
      cost_amount: '12.00',
      perk_type: 'exclusive_content',
      terms_and_conditions: 'Personal use only',
      tags: [TAG.id],
      exclusive_content: { content_type: 'link', external_link: 'https://guide.example' },
    };
    const form = perkDuplicateToForm(body, [TAG]);
    expect(form).toMatchObject({
      perk_type: 'exclusive_content',
      content_type: 'link',
      external_link: 'https://guide.example',
      cost_amount: '12.00',
      max_participants: '',
      terms_and_conditions: 'Personal use only',
      tags: [TAG],
    });
    expect(buildPerkPayload(form, null)).toMatchObject({
      title: body.title,
      cost_amount: '12.00',
      perk_type: 'exclusive_content',
      tags: [TAG.id],
      exclusive_content: { content_type: 'link', external_link: 'https://guide.example' },
    });
  });

  it('keeps a discount code', () => {
    const form = perkDuplicateToForm(
      {
        title: 'Ten off',
        description: 'Ten percent off.',
        cost_amount: '3.00',
        perk_type: 'discount_code',
        discount_code: 'WYN10',
        max_participants: 50,
        tags: [],
      },
      [],
    );
    expect(form).toMatchObject({ discount_code: 'WYN10', max_participants: '50' });
  });
});

describe('mediaKindOfUrl', () => {
  it('tells a video from an image by its name', () => {
    expect(mediaKindOfUrl('/media/a.mp4')).toBe('Video');
    expect(mediaKindOfUrl('/media/a.webm?x=1')).toBe('Video');
    expect(mediaKindOfUrl('/media/a.png')).toBe('Image');
  });
});
