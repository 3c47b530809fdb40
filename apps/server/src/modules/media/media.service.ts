import { fileTypeFromBuffer } from 'file-type';
import { ErrorCode, LIMITS, MEDIA_ALLOWED_TYPES, MEDIA_MSG, mediaUploadPurpose, type MediaUpload } from '@wyn/contract';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import { banners, media, perkRedemptions, perks, profiles, quests } from '../../db/schema/index.ts';
import {
  isPrivateName,
  PRIVATE_REF_PREFIX,
  privateNameOf,
  type MediaStorage,
} from '../../integrations/media-storage.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { RESIZABLE_TYPES, storeImageVariants } from '../../lib/image-variants.ts';
import { fileTooLarge, parseBody, type MultipartBody, type UploadedFile } from '../../lib/multipart-body.ts';
import type { PrivateMediaLinks } from '../../lib/private-media-links.ts';

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
    /**
     * False: a public still image's display-width variants are left to its first request (`/media/` makes a missing
     * one from the original), for a caller that stores the file inside a transaction and should not hold it
     * while the image is encoded.
     */
    variants?: boolean;
  } = {},
): Promise<MediaUpload> {
  if (file.bytes.length > (opts.maxBytes ?? LIMITS.uploadMaxBytes)) throw fileTooLarge(opts.tooLargeMessage);
  const type = await detectAllowedType(file.bytes, opts.allowed);
  if (!type) throw unsupportedType(opts.unsupportedMessage);
  const stored = await storage.put(file.bytes, type.ext, { private: opts.private ?? false });
  try {
    // Public still images are also stored at display widths as WebP (decision 0017). A private file is the
    // content a redeemer receives, exactly as uploaded, through a signed link: it gets none.
    if (!opts.private && opts.variants !== false && RESIZABLE_TYPES.includes(type.mime))
      await storeImageVariants(storage, stored.key, file.bytes);
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

const fileRequired = () => badRequest(MEDIA_MSG.fileRequired, { file: [MEDIA_MSG.fileRequired] });
const purposeField = z.object({ purpose: mediaUploadPurpose });

/**
 * `POST media/upload/`: the multipart form's `file` (null: the request was not multipart), for the purpose the
 * query names, else the form's `purpose` field, else public.
 */
export function uploadFromForm(
  db: DbOrTx,
  storage: MediaStorage,
  ownerId: string,
  form: MultipartBody | null,
  queryPurpose: z.infer<typeof mediaUploadPurpose> | undefined,
): Promise<MediaUpload> {
  const file = form?.files[0];
  if (!form || !file) throw fileRequired();
  const purpose = queryPurpose ?? (form.fields.purpose ? parseBody(purposeField, form.fields).purpose : undefined);
  return uploadMedia(db, storage, ownerId, file, purpose);
}

/**
 * `GET media/private/{name}?exp=&sig=`: an exclusive file may be read by whoever holds a signed URL the perk
 * responses handed out and until it expires (403 otherwise); 404 for a name that is not a private upload.
 * Answers its storage key, stored type and how many seconds the link has left (for caching).
 */
export async function openPrivateFile(
  db: DbOrTx,
  links: PrivateMediaLinks,
  link: { name: string; exp?: string | undefined; sig?: string | undefined },
  now: Date,
): Promise<{ key: string; mimeType: string; maxAgeSeconds: number }> {
  if (!isPrivateName(link.name)) throw notFound();
  if (!links.verify(link.name, link.exp, link.sig))
    throw new AppError(403, ErrorCode.permissionDenied, MEDIA_MSG.privateLinkInvalid);
  const mimeType = await privateMediaType(db, link.name);
  if (!mimeType) throw notFound();
  const maxAgeSeconds = Math.max(0, Number(link.exp) - Math.floor(now.getTime() / 1000));
  return { key: PRIVATE_REF_PREFIX + link.name, mimeType, maxAgeSeconds };
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
