import { paginated } from '../common.ts';
import { defineEndpoints } from '../endpoint.ts';
import { createTagRequest, tag, tagListQuery } from '../tags.ts';

export const tagsEndpoints = defineEndpoints('tags', {
  tags: {
    method: 'GET',
    path: 'club/tags/',
    auth: 'member',
    summary: 'Tags by name, optionally those containing `search`.',
    query: tagListQuery,
    responses: { 200: paginated(tag) },
  },
  tagCreate: {
    method: 'POST',
    path: 'club/tags/',
    auth: 'member',
    summary: 'Create a tag: 201 when it is new, 200 with the existing tag when the name is taken (in any case).',
    body: createTagRequest,
    responses: { 200: tag, 201: tag },
  },
});
