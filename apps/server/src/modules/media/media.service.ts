import { fileTypeFromBuffer } from 'file-type';
import {
  ErrorCode,
  LIMITS,
  MEDIA_ALLOWED_TYPES,
  MEDIA_MSG,
  type MediaUpload,
  type mediaUploadPurpose,
} from '@wyn/contract';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import { banners, media, perkRedemptions, perks, profiles, quests } from '../../db/schema/index.ts';
import { PRIVATE_REF_PREFIX, privateNameOf, type MediaStorage } from '../../integrations/media-storage.ts';
import { AppError } from '../../lib/errors.ts';
import { fileTooLarge, type UploadedFile } from '../../lib/multipart-body.ts';

/** Detected type → stored extension. AVI is reported by file-type as video/vnd.avi. */
const EXT: Record<string, { ext: string; mime: string }> = {
  'image/jpeg': { ext: 'jpg', mime: 'image/jpeg' },
  'image/png': { ext: 'png', mime: 'image/png' },
  'image/gif': { ext: 'gif', mime: 'image/gif' },
  'image/webp': { ext: 'webp', mime: 'image/webp' },
  'video/mp4': { ext: 'mp4', mime: 'video/mp4' },
  'video/quicktime': { ext: 'mov', mime: 'video/quicktime' },
  'video/vnd.avi': { ext: 'avi', mime: 'video/x-msvideo' },
  'video/x-msvideo': { ext: 'avi', mime: 'video/x-msvideo' },
  'video/webm': { ext: 'webm', mime: 'video/webm' },
  'application/pdf': { ext: 'pdf', mime: 'application/pdf' },
};

export const unsupportedType = (detail: string = MEDIA_MSG.unsupportedType) =>
  new AppError(415, ErrorCode.unsupportedMediaType, detail);

/** The type read from the bytes (never the name or the client's header), or null when not allowed. */
export async function detectAllowedType(
  bytes: Buffer,
  allowed: readonly string[] = MEDIA_ALLOWED_TYPES,
): Promise<{ ext: string; mime: string } | null> {
  const found = await fileTypeFromBuffer(bytes);
  const mapped = found ? EXT[found.mime] : undefined;
  if (!mapped || !allowed.includes(mapped.mime)) return null;
  return mapped;
}

/** Checks the bytes, stores the file and records a `media` row. */
export async function storeMedia(
  db: DbOrTx,
  storage: MediaStorage,
  ownerId: string,
  file: UploadedFile,
  opts: {
    allowed?: readonly string[];
    unsupportedMessage?: string;
    maxBytes?: number;
    tooLargeMessage?: string;
    /** Exclusive content: stored where no public route reaches; the answer's url is a `private:` reference. */
    private?: boolean;
  } = {},
): Promise<MediaUpload> {
  if (file.bytes.length > (opts.maxBytes ?? LIMITS.uploadMaxBytes)) throw fileTooLarge(opts.tooLargeMessage);
  const type = await detectAllowedType(file.bytes, opts.allowed);
  if (!type) throw unsupportedType(opts.unsupportedMessage);
  const stored = await storage.put(file.bytes, type.ext, { private: opts.private ?? false });
  try {
    const [row] = await db
      .insert(media)
      .values({
        ownerId,
        storageKey: stored.key,
        mimeType: type.mime,
        sizeBytes: file.bytes.length,
        originalName: file.filename.slice(0, 200),
      })
      .returning({ id: media.id });
    return { id: row!.id, url: stored.url, mime_type: type.mime, size: file.bytes.length };
  } catch (err) {
    await storage.remove(stored.key);
    throw err;
  }
}

const EXCLUSIVE_TYPES = MEDIA_ALLOWED_TYPES.filter((m) => m.startsWith('image/') || m.startsWith('video/'));

/**
 * A file sent to media/upload/: public by default; for exclusive perk content (`exclusive`) it must be an image
 * or a video and is stored where no public route reaches.
 */
export function uploadMedia(
  db: DbOrTx,
  storage: MediaStorage,
  ownerId: string,
  file: UploadedFile,
  purpose: z.infer<typeof mediaUploadPurpose> | undefined,
): Promise<MediaUpload> {
  return storeMedia(
    db,
    storage,
    ownerId,
    file,
    purpose === 'exclusive'
      ? { private: true, allowed: EXCLUSIVE_TYPES, unsupportedMessage: MEDIA_MSG.onlyImageVideo }
      : {},
  );
}

/**
 * The storage key of one of our uploads: a public URL (`/media/{key}`), or a private reference, which is its own
 * key (`private:{name}`); null for anything else.
 */
export function storageKeyOf(url: string | null | undefined): string | null {
  if (privateNameOf(url)) return url!;
  const m = url ? /^\/media\/([\w.-]+)$/.exec(url) : null;
  return m ? m[1]! : null;
}

/** The private references among `refs` that `ownerId` uploaded. */
export async function ownedPrivateMedia(db: DbOrTx, ownerId: string, refs: readonly string[]): Promise<Set<string>> {
  if (!refs.length) return new Set();
  const rows = await db
    .select({ key: media.storageKey })
    .from(media)
    .where(and(eq(media.ownerId, ownerId), inArray(media.storageKey, [...new Set(refs)])));
  return new Set(rows.map((r) => r.key));
}

/** The stored type of a private upload, or null when there is no such upload. */
export async function privateMediaType(db: DbOrTx, name: string): Promise<string | null> {
  const [row] = await db
    .select({ mime: media.mimeType })
    .from(media)
    .where(eq(media.storageKey, PRIVATE_REF_PREFIX + name))
    .limit(1);
  return row?.mime ?? null;
}

/** Removes a file just stored by `storeMedia` that nothing was saved with (the request failed after it). */
export async function discardUpload(db: DbOrTx, storage: MediaStorage, upload: MediaUpload): Promise<void> {
  await db.delete(media).where(eq(media.id, upload.id));
  const key = storageKeyOf(upload.url);
  if (key) await storage.remove(key);
}

/**
 * Deletes a file `ownerId` uploaded that they no longer use (a replaced avatar): the media row, then the
 * stored file. Anything else is left alone: an address that is not one of our uploads (a Telegram photo),
 * someone else's upload, and a file something still shows — an uploaded URL can also be given as a quest's or
 * perk's media, in a perk's exclusive content (and so in what buyers received), or on a banner.
 */
export async function discardOwnUnusedMedia(
  db: Db,
  storage: MediaStorage,
  ownerId: string,
  url: string,
): Promise<boolean> {
  const key = storageKeyOf(url);
  if (!key) return false;
  const removed = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: media.id })
      .from(media)
      .where(and(eq(media.storageKey, key), eq(media.ownerId, ownerId)))
      .for('update');
    if (!row) return false;
    // The key is random hex, so it cannot occur inside JSON by chance.
    const inJson = `%${key}%`;
    const { rows } = (await tx.execute(sql`select 1 where
      exists (select 1 from ${profiles} where ${profiles.avatar} = ${url})
      or exists (select 1 from ${quests} where ${quests.mediaUrl} = ${url})
      or exists (select 1 from ${perks} where ${or(eq(perks.mediaUrl, url), sql`${perks.exclusiveContent}::text like ${inJson}`)})
      or exists (select 1 from ${perkRedemptions} where ${perkRedemptions.deliveredContent}::text like ${inJson})
      or exists (select 1 from ${banners} where ${banners.imageUrl} = ${url})`)) as { rows: unknown[] };
    if (rows.length) return false;
    await tx.delete(media).where(eq(media.id, row.id));
    return true;
  });
  // After the commit: a file whose row survived a rollback would be a broken image.
  if (removed) await storage.remove(key);
  return removed;
}
