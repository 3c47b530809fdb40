import { describe, expect, it } from 'vitest';
import {
  bannerState,
  draftToBody,
  emptyBannerDraft,
  fromLocalInput,
  toLocalInput,
  validateBannerDraft,
} from './banner-form';

describe('banner form', () => {
  it('round-trips a date through the datetime-local field', () => {
    const iso = '2030-05-04T10:30:00.000Z';
    expect(fromLocalInput(toLocalInput(iso))).toBe(iso);
    expect(toLocalInput(null)).toBe('');
    expect(fromLocalInput('')).toBeNull();
  });

  it('asks for a title and an image, an http(s) link and an end after the start', () => {
    expect(validateBannerDraft(emptyBannerDraft)).toEqual({
      title: 'Title is required',
      image_url: 'Upload an image first',
    });
    const errors = validateBannerDraft({
      ...emptyBannerDraft,
      title: 'Hi',
      image_url: '/media/a.png',
      link: 'javascript:alert(1)',
      starts_at: '2030-01-02T10:00',
      ends_at: '2030-01-01T10:00',
    });
    expect(errors).toEqual({ link: 'Link must be an http:// or https:// address', ends_at: 'End must be after start' });
  });

  it('sends empty texts as null and leaves an empty position to the server', () => {
    const body = draftToBody({ ...emptyBannerDraft, title: ' Sale ', image_url: '/media/a.png' });
    expect(body).toEqual({
      title: 'Sale',
      description: null,
      image_url: '/media/a.png',
      link: null,
      starts_at: null,
      ends_at: null,
      is_active: true,
    });
    expect(draftToBody({ ...emptyBannerDraft, position: '3' }).position).toBe(3);
  });

  it('tells live, scheduled, ended and switched-off banners apart', () => {
    const now = Date.parse('2030-01-10T00:00:00Z');
    expect(bannerState({ is_active: true, starts_at: null, ends_at: null }, now)).toBe('live');
    expect(bannerState({ is_active: true, starts_at: '2030-01-11T00:00:00Z', ends_at: null }, now)).toBe('scheduled');
    expect(bannerState({ is_active: true, starts_at: null, ends_at: '2030-01-09T00:00:00Z' }, now)).toBe('ended');
    expect(bannerState({ is_active: false, starts_at: null, ends_at: null }, now)).toBe('inactive');
  });
});
