import { mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { AppInstance, ModuleOptions } from '../../app.ts';

/** The only file types `/media/*` ever serves (DESIGN §5: never SVG or HTML). */
const SERVED_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.mp4': 'video/mp4',
  '.mov': 'video/quicktime',
  '.avi': 'video/x-msvideo',
  '.webm': 'video/webm',
  '.pdf': 'application/pdf',
};

/** Where media lives on disk: `DATA_DIR/media` (seed images under `seed/`, uploads beside them). */
export const mediaRoot = (dataDir: string) => path.join(dataDir, 'media');

/**
 * `GET /media/*` from `DATA_DIR/media`: only the allowed types, with their exact content type and
 * `x-content-type-options: nosniff`; anything else is a JSON 404. Register at the root (no prefix).
 */
export async function mediaStaticRoutes(app: AppInstance, { deps }: ModuleOptions) {
  const root = mediaRoot(deps.config.dataDir);
  mkdirSync(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
    prefix: '/media/',
    decorateReply: false,
    index: false,
    list: false,
    redirect: false,
    dotfiles: 'ignore',
    maxAge: '1d',
    allowedPath: (pathName) => path.extname(pathName).toLowerCase() in SERVED_TYPES,
    setHeaders: (reply, filePath) => {
      const type = SERVED_TYPES[path.extname(filePath).toLowerCase()];
      if (type) reply.header('content-type', type);
      reply.header('x-content-type-options', 'nosniff');
      reply.header('content-security-policy', "default-src 'none'; sandbox");
    },
  });
}
