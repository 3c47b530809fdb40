import { z } from 'zod';
import { defineEndpoints } from '../endpoint.ts';
import { mediaUpload, mediaUploadQuery } from '../media.ts';

export const mediaEndpoints = defineEndpoints('media', {
  mediaUpload: {
    method: 'POST',
    path: 'club/media/upload/',
    auth: 'member',
    summary:
      'Upload an image or video (multipart `file`); `purpose=exclusive` (query or field) stores it privately for a perk.',
    query: mediaUploadQuery,
    bodyEncoding: 'json-or-multipart',
    files: ['file'],
    responses: { 201: mediaUpload },
  },
  mediaPrivateFile: {
    method: 'GET',
    path: 'club/media/private/:name',
    auth: 'none',
    summary:
      'An exclusive file, for whoever holds a signed link (`exp`, `sig`) a perk answer handed out; ranges supported.',
    params: z.object({ name: z.string().max(64) }),
    query: z.object({ exp: z.string().max(20).optional(), sig: z.string().max(100).optional() }),
    kind: 'file',
    responses: { 200: null },
  },
});
