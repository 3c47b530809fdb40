import { eq, sql } from 'drizzle-orm';
import { profiles, questCompletions, quests, questTags, wallets } from '../schema/index.ts';
import { displayName } from '../../lib/display-name.ts';
import { mint, move } from '../../modules/wallet/wallet.service.ts';
import type { MemberKey } from './members-data.ts';
import { COMPLETIONS, QUESTS } from './quests-data.ts';
import { HOUR, media, W, type SeedContext } from './seed-context.ts';

/** Funded quests with their escrow, then the members' participations and the rewards paid for them. */
export async function seedQuests(ctx: SeedContext): Promise<void> {
  await fundCreators(ctx);
  await seedQuestRows(ctx);
  await seedCompletions(ctx);
}

/** The welcome bonus would not cover their quests, so creators get extra points before any quest is funded. */
async function fundCreators({ tx, walletOf }: SeedContext) {
  const needs = new Map<MemberKey, number>();
  for (const q of QUESTS) needs.set(q.creator, (needs.get(q.creator) ?? 0) + q.reward * (q.max ?? 10));
  for (const [key, points] of needs) await mint(tx, walletOf[key], W(points + 200), 'Demo funds');
}

/** As on creation in the app: with a maximum, reward × maximum is staked into the quest's escrow wallet. */
async function seedQuestRows({ tx, ago, inDays, member, walletOf, tagId, questRow }: SeedContext) {
  for (const [i, q] of QUESTS.entries()) {
    const createdAt = ago((QUESTS.length - i) * 9 * HOUR);
    const [row] = await tx
      .insert(quests)
      .values({
        creatorId: member[q.creator].id,
        title: q.title,
        description: q.description,
        taskType: q.type,
        status: 'published',
        rewardAmount: W(q.reward),
        maxParticipants: q.max,
        deadline: q.deadlineDays ? inDays(q.deadlineDays) : null,
        participationRequirements: q.requirements,
        completionCriteria: q.criteria,
        mediaUrl: q.media ? media(q.media) : null,
        createdAt,
        updatedAt: createdAt,
        ...q.fields,
      })
      .returning({ id: quests.id });
    const id = row!.id;
    await tx.insert(questTags).values(q.tags.map((t) => ({ questId: id, tagId: tagId[t] })));
    let escrow: string | null = null;
    if (q.max) {
      const [w] = await tx.insert(wallets).values({ kind: 'escrow', questId: id }).returning({ id: wallets.id });
      escrow = w!.id;
      await move(tx, {
        type: 'stake',
        fromWalletId: walletOf[q.creator],
        toWalletId: escrow,
        amountCents: W(q.reward * q.max),
        description: `Escrow for "${q.title}"`,
        related: { type: 'quest', id },
      });
    }
    questRow[q.key] = { id, title: q.title, reward: q.reward, creator: q.creator, escrow };
  }
}

/** Approved ones are paid from the escrow, or from the creator's wallet when the quest has no maximum. */
async function seedCompletions({ tx, ago, member, walletOf, questRow, notify }: SeedContext) {
  for (const [i, c] of COMPLETIONS.entries()) {
    const q = questRow[c.quest]!;
    const who = member[c.member];
    const joinedAt = ago((COMPLETIONS.length - i) * 5 * HOUR + 2 * HOUR);
    const submittedAt = c.status === 'joined' ? null : ago((COMPLETIONS.length - i) * 5 * HOUR + HOUR);
    const decidedAt =
      c.status === 'approved' || c.status === 'rejected' ? ago((COMPLETIONS.length - i) * 5 * HOUR) : null;
    let rewardTransactionId: string | null = null;
    if (c.status === 'approved') {
      rewardTransactionId = await move(tx, {
        type: 'quest_reward',
        fromWalletId: q.escrow ?? walletOf[q.creator],
        toWalletId: walletOf[c.member],
        amountCents: W(q.reward),
        description: `Reward for "${q.title}"`,
        related: { type: 'quest', id: q.id },
      });
      await tx
        .update(profiles)
        .set({ questsCompletedCount: sql`${profiles.questsCompletedCount} + 1` })
        .where(eq(profiles.id, who.id));
      await notify(
        c.member,
        'reward',
        'Reward received',
        `You earned ${q.reward} W for "${q.title}".`,
        `/quest/${q.id}`,
        (COMPLETIONS.length - i) * 5,
        i % 3 === 0,
      );
    }
    if (c.status === 'pending')
      await notify(
        q.creator,
        'task_update',
        'New submission to review',
        `${displayName(who)} submitted proof for "${q.title}".`,
        `/quest/${q.id}`,
        (COMPLETIONS.length - i) * 5,
      );
    if (c.status === 'rejected')
      await notify(
        c.member,
        'task_update',
        'Submission rejected',
        `Your proof for "${q.title}" was rejected: ${c.reason}`,
        `/quest/${q.id}`,
        (COMPLETIONS.length - i) * 5,
      );
    await tx.insert(questCompletions).values({
      questId: q.id,
      userId: who.id,
      verificationStatus: c.status,
      proofText: c.proof ?? null,
      proofData: c.proof ? { proof_text: c.proof, verification_type: 'manual' } : null,
      rejectionReason: c.reason ?? null,
      joinedAt,
      submittedAt,
      completionDate: c.status === 'approved' ? decidedAt : null,
      verifiedDate: decidedAt,
      verifiedById: decidedAt ? member[q.creator].id : null,
      rewardTransactionId,
    });
  }
  // Counted from the rows, so the participant counts agree with them.
  await tx.execute(sql`
    update quests q set current_participants = (select count(*) from quest_completions c where c.quest_id = q.id)`);
}
