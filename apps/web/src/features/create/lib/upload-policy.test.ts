import { describe, expect, it } from 'vitest';
import { checkMediaFile, describeUploadFailure, nextUploadDelay } from './upload-policy';

const MB = 1024 * 1024;

describe('upload retry policy', () => {
  it('retries after 1 s then 2 s, three attempts in all', () => {
    expect(nextUploadDelay(1, 500)).toBe(1000);
    expect(nextUploadDelay(2, 503)).toBe(2000);
    expect(nextUploadDelay(3, 500)).toBeNull();
    expect(nextUploadDelay(1, undefined)).toBe(1000);
  });
  it.each([400, 413, 415, 429])('never retries %i', (status) => {
    expect(nextUploadDelay(1, status)).toBeNull();
  });
});

describe('upload messages', () => {
  it('429 has its toast and field message', () => {
    expect(describeUploadFailure(429, 'x')).toEqual({
      toast: 'Upload rate limit exceeded. Please try again later.',
      field: 'You have exceeded the upload limit. Please try again later.',
      localOnly: false,
    });
  });
  it('400 uses the server error or File validation failed', () => {
    expect(describeUploadFailure(400, 'Bad image').toast).toBe('Bad image');
    expect(describeUploadFailure(400, null).field).toBe('File validation failed');
  });
  it('falls back to a local preview when all attempts fail', () => {
    const f = describeUploadFailure(503, 'Service unavailable');
    expect(f.toast).toBe('Upload failed: Service unavailable. Using local preview only.');
    expect(f.localOnly).toBe(true);
    expect(f.field).toMatch(/refresh/);
  });
});

describe('client-side file check', () => {
  it('limits images to 5 MB and videos to 30 MB', () => {
    expect(checkMediaFile({ type: 'image/png', size: 5 * MB })).toBeNull();
    expect(checkMediaFile({ type: 'image/png', size: 5 * MB + 1 })).toBe('File size exceeds maximum allowed (5MB)');
    expect(checkMediaFile({ type: 'video/mp4', size: 30 * MB })).toBeNull();
    expect(checkMediaFile({ type: 'video/mp4', size: 30 * MB + 1 })).toBe('File size exceeds maximum allowed (30MB)');
  });
  it('rejects other types', () => {
    expect(checkMediaFile({ type: 'image/svg+xml', size: 10 })).toMatch(/Unsupported file type/);
  });
});
