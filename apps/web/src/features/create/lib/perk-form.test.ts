import { PERK_MSG, QUEST_MSG } from '@wyn/contract';
import { describe, expect, it } from 'vitest';
import {
  buildExclusiveContent,
  buildPerkPayload,
  emptyPerkForm,
  PERK_FORM_MSG,
  perkChanges,
  perkCreateErrorMessage,
  perkFinalCheck,
  perkToForm,
  stripBlobUrls,
  validatePerkStep1,
  validatePerkStep2,
  type PerkForm,
} from './perk-form';

const form = (extra: Partial<PerkForm>): PerkForm => ({ ...emptyPerkForm, ...extra });
const basics = { title: 'Coffee perk', description: 'A free coffee at our shop', cost_amount: '25' };
/** What POST media/upload/?purpose=exclusive answers, and the signed link a creator's perk detail carries. */
const PRIVATE_A = `private:${'a'.repeat(32)}.png`;
const SIGNED_B = `/api/v1/club/media/private/${'b'.repeat(32)}.mp4?exp=1900000000&sig=abc_-1`;

describe('perk step 1', () => {
  it('requires a type', () => {
    const r = validatePerkStep1(form({}));
    expect(r.ok).toBe(false);
    expect(r.errors.perk_type).toBe('Perk type is required');
    expect(r.message).toBe('Please fill in all required fields');
  });

  it.each([
    [{ perk_type: 'telegram_invite' }, 'telegram_url', 'Telegram invite link is required'],
    [{ perk_type: 'discount_code' }, 'discount_code', 'Discount code is required'],
    [{ perk_type: 'event_invitation' }, 'event_details', 'Event details are required'],
    [{ perk_type: 'exclusive_content', content_type: 'text' }, 'text_body', 'Text content is required'],
    [{ perk_type: 'exclusive_content', content_type: 'link' }, 'external_link', 'External link is required'],
    [
      { perk_type: 'exclusive_content', content_type: 'images' },
      'permanent_media_url',
      'Media content is required. Please upload a file.',
    ],
    [
      { perk_type: 'exclusive_content', content_type: 'video', media_urls: ['blob:http://x/1'] },
      'permanent_media_url',
      'Media content is required. Please upload a file.',
    ],
  ] as const)('%o → %s: %s', (extra, field, message) => {
    const r = validatePerkStep1(form(extra as Partial<PerkForm>));
    expect(r.ok).toBe(false);
    expect(r.errors[field as keyof PerkForm]).toBe(message);
    expect(r.message).toBe(QUEST_MSG.fillRequired);
  });

  it('passes complete type fields', () => {
    expect(validatePerkStep1(form({ perk_type: 'discount_code', discount_code: 'X' })).ok).toBe(true);
    expect(
      validatePerkStep1(
        form({ perk_type: 'exclusive_content', content_type: 'images', permanent_media_url: PRIVATE_A }),
      ).ok,
    ).toBe(true);
  });

  it('rejects a non-http invite link with its own message', () => {
    const r = validatePerkStep1(form({ perk_type: 'telegram_invite', telegram_url: 't.me/abc' }));
    expect(r.message).toBe(PERK_MSG.telegramUrlInvalid);
  });
});

describe('perk step 2 and final check', () => {
  it('checks the basics', () => {
    const r = validatePerkStep2(form({ title: 'ab', description: 'short', cost_amount: '0', max_participants: '0' }));
    expect(r.errors).toMatchObject({
      title: 'Title must be at least 3 characters',
      description: 'Description must be at least 10 characters',
      cost_amount: 'Cost amount must be greater than zero',
      max_participants: 'Max participants must be at least 1',
    });
    expect(validatePerkStep2(form({ ...basics, deadline: '2000-01-01T10:00' })).errors.deadline).toBe(
      'Deadline cannot be in the past',
    );
    expect(validatePerkStep2(form(basics)).ok).toBe(true);
  });

  it('final check: missing basics, title of 5, type needs', () => {
    expect(perkFinalCheck(form({}))).toBe('Please fill in Title, Description, and Cost Amount.');
    expect(perkFinalCheck(form({ ...basics, title: 'Abcd', perk_type: 'discount_code' }))).toBe(
      'Title must be at least 5 characters',
    );
    expect(perkFinalCheck(form({ ...basics, perk_type: 'discount_code' }))).toBe('Discount code is required');
    expect(perkFinalCheck(form({ ...basics, perk_type: 'telegram_invite' }))).toBe('Telegram invite link is required');
    expect(perkFinalCheck(form({ ...basics, perk_type: 'discount_code', discount_code: 'X' }))).toBeNull();
  });
});

describe('payloads', () => {
  it('never sends blob: URLs', () => {
    expect(stripBlobUrls(['blob:http://a/1', '', '/media/x.png', 'https://cdn/y.mp4'])).toEqual([
      '/media/x.png',
      'https://cdn/y.mp4',
    ]);
    const ec = buildExclusiveContent(
      form({
        content_type: 'images',
        permanent_media_url: 'blob:http://a/2',
        media_urls: ['blob:http://a/1', PRIVATE_A],
      }),
    );
    expect(ec).toEqual({ content_type: 'images', media_urls: [PRIVATE_A], permanent_media_url: PRIVATE_A });
    expect(JSON.stringify(ec)).not.toContain('blob:');
  });

  it('exclusive images: the private upload goes in exclusive_content, the public cover only in media', () => {
    const body = buildPerkPayload(
      form({ ...basics, perk_type: 'exclusive_content', content_type: 'images', permanent_media_url: PRIVATE_A }),
      '/media/cover.png',
    );
    expect(body.media).toBe('/media/cover.png');
    expect(body.exclusive_content).toEqual({
      content_type: 'images',
      permanent_media_url: PRIVATE_A,
      media_urls: [PRIVATE_A],
    });
    expect(JSON.stringify(body.exclusive_content)).not.toContain('/media/');
  });

  it('exclusive media is only a private file: public /media files and outside addresses are never sent', () => {
    const publicOnly = form({
      ...basics,
      perk_type: 'exclusive_content',
      content_type: 'video',
      permanent_media_url: '/media/cover.png',
      media_urls: ['https://cdn.example.com/v.mp4'],
    });
    expect(validatePerkStep1(publicOnly).errors.permanent_media_url).toBe(PERK_MSG.mediaRequired);
    expect(buildExclusiveContent(publicOnly)).toEqual({ content_type: 'video', media_urls: [] });
    // An edit keeps the signed link it received (the server reads it as the same private file).
    expect(buildExclusiveContent(form({ content_type: 'video', media_urls: [SIGNED_B, '/media/x.png'] }))).toEqual({
      content_type: 'video',
      media_urls: [SIGNED_B],
      permanent_media_url: SIGNED_B,
    });
  });

  it('builds the POST body of each type', () => {
    const body = buildPerkPayload(
      form({
        ...basics,
        perk_type: 'exclusive_content',
        content_type: 'text',
        text_body: ' Secret ',
        discount_code: 'X',
      }),
      'blob:http://a/3',
    );
    expect(body).toEqual({
      title: 'Coffee perk',
      description: 'A free coffee at our shop',
      perk_type: 'exclusive_content',
      cost_amount: '25.00',
      status: 'active',
      is_verified: false,
      tags: [],
      exclusive_content: { content_type: 'text', text_body: 'Secret' },
    });
    const invite = buildPerkPayload(
      form({ ...basics, perk_type: 'telegram_invite', telegram_url: 'https://t.me/+abc', max_participants: '5' }),
      '/media/p.png',
    );
    expect(invite).toMatchObject({ telegram_url: 'https://t.me/+abc', max_participants: 5, media: '/media/p.png' });
  });

  it('derives the create error message', () => {
    expect(perkCreateErrorMessage({ detail: 'Bad', errors: { 'exclusive_content.external_link': ['x'] } })).toBe(
      PERK_FORM_MSG.exclusiveContentError,
    );
    expect(perkCreateErrorMessage({ detail: 'Cost too large' })).toBe('Cost too large');
    expect(perkCreateErrorMessage({ message: 'Nope' })).toBe('Nope');
    expect(perkCreateErrorMessage('Plain text')).toBe('Plain text');
    expect(perkCreateErrorMessage(null)).toBe('Failed to create perk. Please try again.');
  });
});

describe('edit', () => {
  const detail = {
    title: 'Coffee perk',
    description: 'A free coffee at our shop',
    terms_and_conditions: '',
    purchase_requirements: 'Members',
    cost_amount: '25.00',
    deadline: null,
    max_participants: 10,
    perk_type: 'exclusive_content' as const,
    tags: [{ id: 't1', name: 'food' }],
    content: {
      perk_type: 'exclusive_content',
      exclusive_content: JSON.stringify({ content_type: 'link', external_link: 'https://a.example' }),
    },
  };

  it('fills the form and sends only changed fields', () => {
    const initial = perkToForm(detail);
    expect(initial).toMatchObject({ content_type: 'link', external_link: 'https://a.example', max_participants: '10' });
    expect(perkChanges(initial, initial, null)).toEqual({});
    const changed = perkChanges(
      initial,
      {
        ...initial,
        cost_amount: '30',
        purchase_requirements: '',
        max_participants: '',
        external_link: 'https://b.example',
      },
      '/media/new.png',
    );
    expect(changed).toEqual({
      cost_amount: '30.00',
      purchase_requirements: null,
      max_participants: null,
      media_url: '/media/new.png',
      exclusive_content: { content_type: 'link', external_link: 'https://b.example' },
    });
  });
});
