import { randomBytes } from 'node:crypto';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import {
  LIMITS,
  MEDIA_IMAGE_TYPES,
  MEDIA_MSG,
  QUEST_MSG,
  type QuestCompletion,
  type submitProofRequest,
} from '@wyn/contract';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import { botStartTokens, questCompletions, quests, users } from '../../db/schema/index.ts';
import { badRequest, conflict, forbidden, notFound, pgErrorCode, PG_UNIQUE_VIOLATION } from '../../lib/errors.ts';
import { displayName } from '../../lib/display-name.ts';
import { recordEvent } from '../../events/outbox.ts';
import type { MediaStorage } from '../../integrations/media-storage.ts';
import type { UploadedFile } from '../../lib/multipart-body.ts';
import { storeMedia } from '../media/media.service.ts';
import { assertLevel } from '../engagement/level-gate.service.ts';
import { getCompletionDto } from './completions-read.service.ts';
import { getQuestRow, getVisibleQuest, isOwnBotQuest, type CompletionRow } from './quest-rows.service.ts';

type SubmitProofInput = z.output<typeof submitProofRequest>;

/** A member takes part in a quest: joins it (taking a place), sends proof, and reads their own participation. */

export async function participate(
  db: DbOrTx,
  questId: string,
  userId: string,
  opts: { now: Date; config: Config },
): Promise<CompletionRow> {
  try {
    return await db.transaction(async (tx) => {
      // Hidden by staff: no new joins (the creator cannot join anyway).
      const q = await getVisibleQuest(tx, questId, userId);
      if (q.creatorId === userId) throw forbidden(QUEST_MSG.creatorCannotJoin);
      const [existing] = await tx
        .select({ id: questCompletions.id })
        .from(questCompletions)
        .where(and(eq(questCompletions.questId, q.id), eq(questCompletions.userId, userId)))
        .limit(1);
      if (existing) throw conflict(QUEST_MSG.alreadyParticipating, 'already_participating');
      if (q.status === 'expired') throw badRequest(QUEST_MSG.expired, undefined, 'quest_expired');
      if (q.status !== 'published') throw badRequest(QUEST_MSG.notActive, undefined, 'quest_not_active');
      if (q.deadline && q.deadline.getTime() <= opts.now.getTime())
        throw badRequest(QUEST_MSG.expired, undefined, 'quest_expired');
      await assertLevel(tx, 'quest', userId, q.minLevel);
      // One conditional UPDATE decides who gets the last places: no read-then-write race.
      const [taken] = await tx
        .update(quests)
        .set({ currentParticipants: sql`${quests.currentParticipants} + 1` })
        .where(
          and(
            eq(quests.id, q.id),
            eq(quests.status, 'published'),
            eq(quests.hiddenByStaff, false),
            or(isNull(quests.maxParticipants), sql`${quests.currentParticipants} < ${quests.maxParticipants}`),
          ),
        )
        .returning({ id: quests.id });
      if (!taken) {
        // Staff may have hidden it since it was read: that refusal, not "full".
        if ((await getQuestRow(tx, q.id)).hiddenByStaff) throw notFound(QUEST_MSG.notFound);
        throw badRequest(QUEST_MSG.full, undefined, 'quest_full');
      }
      const [row] = await tx.insert(questCompletions).values({ questId: q.id, userId }).returning();
      if (isOwnBotQuest(q, opts.config))
        await tx.insert(botStartTokens).values({ token: randomBytes(18).toString('base64url'), questId: q.id, userId });
      await recordEvent(tx, { type: 'quest.joined', payload: { questId: q.id, userId } });
      return row!;
    });
  } catch (err) {
    if (pgErrorCode(err) === PG_UNIQUE_VIOLATION)
      throw conflict(QUEST_MSG.alreadyParticipating, 'already_participating');
    throw err;
  }
}

type ProofImageUpload = { file: UploadedFile; storage: MediaStorage };

/**
 * Sends proof for review. An uploaded image (`upload`) must be an image of at most the image limit, and is
 * stored only once the member's participation may take proof: nothing is written for a member who has not
 * joined, is under review or was already approved.
 */
export async function submitProof(
  db: DbOrTx,
  questId: string,
  userId: string,
  proof: { text?: string | undefined; image?: string | undefined; data?: Record<string, unknown> | undefined },
  now: Date,
  upload?: ProofImageUpload,
): Promise<CompletionRow> {
  if (!proof.text && !proof.image && !upload)
    throw badRequest(QUEST_MSG.emptyProof, { proof_text: [QUEST_MSG.proofNeeded] }, 'empty_proof');
  return db.transaction(async (tx) => {
    const q = await getVisibleQuest(tx, questId);
    const [c] = await tx
      .select()
      .from(questCompletions)
      .where(and(eq(questCompletions.questId, q.id), eq(questCompletions.userId, userId)))
      .limit(1)
      .for('update');
    if (!c) throw badRequest(QUEST_MSG.notParticipating, undefined, 'not_participating');
    if (c.verificationStatus === 'pending') throw conflict(QUEST_MSG.underReview, 'under_review');
    if (c.verificationStatus === 'approved') throw conflict(QUEST_MSG.alreadyApproved, 'already_approved');
    if (q.status !== 'published') throw badRequest(QUEST_MSG.notActive, undefined, 'quest_not_active');
    const image = upload ? (await storeProofImage(tx, userId, upload)).url : proof.image;
    const [row] = await tx
      .update(questCompletions)
      .set({
        verificationStatus: 'pending',
        proofText: proof.text ?? null,
        proofImage: image ?? null,
        proofData: proof.data ?? null,
        rejectionReason: null,
        submittedAt: now,
      })
      .where(eq(questCompletions.id, c.id))
      .returning();
    const [who] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
    await recordEvent(tx, {
      type: 'completion.submitted',
      payload: {
        completionId: c.id,
        questId: q.id,
        questTitle: q.title,
        userId,
        userName: who ? displayName(who) : 'A member',
        creatorId: q.creatorId,
      },
    });
    return row!;
  });
}

const storeProofImage = (tx: DbOrTx, userId: string, { file, storage }: ProofImageUpload) =>
  storeMedia(tx, storage, userId, file, {
    allowed: MEDIA_IMAGE_TYPES,
    unsupportedMessage: MEDIA_MSG.unsupportedImage,
    maxBytes: LIMITS.imageMaxBytes,
    tooLargeMessage: MEDIA_MSG.imageTooLarge,
    // Stored inside submitProof's transaction: the reviewer's first look makes the display widths instead.
    variants: false,
  });

/** `submit_proof/`: the proof (text, data, and the image as a stored URL or an upload) and the answer's participation. */
export async function sendProof(
  db: DbOrTx,
  questId: string,
  userId: string,
  input: SubmitProofInput,
  opts: { now: Date; image?: ProofImageUpload | undefined },
): Promise<QuestCompletion> {
  const row = await submitProof(
    db,
    questId,
    userId,
    { text: input.proof_text, image: input.proof_image, data: input.proof_data },
    opts.now,
    opts.image,
  );
  return getCompletionDto(db, row.id);
}

/** The caller's participation in a quest, or a 400 saying to join first. */
export async function myCompletion(db: DbOrTx, questId: string, userId: string): Promise<CompletionRow> {
  const [c] = await db
    .select()
    .from(questCompletions)
    .where(and(eq(questCompletions.questId, questId), eq(questCompletions.userId, userId)))
    .limit(1);
  if (!c) throw badRequest(QUEST_MSG.notParticipating, undefined, 'not_participating');
  return c;
}
