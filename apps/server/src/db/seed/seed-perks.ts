import { eq, sql } from 'drizzle-orm';
import { perkRedemptions, perks, perkTags } from '../schema/index.ts';
import { displayName } from '../../lib/display-name.ts';
import { move, systemWalletId } from '../../modules/wallet/wallet.service.ts';
import { PERKS, REDEMPTIONS } from './perks-data.ts';
import { HOUR, media, W, type SeedContext } from './seed-context.ts';

/** Perks of every type, then the redemptions members made of them. */
export async function seedPerks(ctx: SeedContext): Promise<void> {
  await seedPerkRows(ctx);
  await seedRedemptions(ctx);
}

/** The secret fields go only in their own columns: the app shows those to the creator and redeemers alone. */
async function seedPerkRows({ tx, ago, inDays, member, tagId, perkRow }: SeedContext) {
  for (const [i, p] of PERKS.entries()) {
    const createdAt = ago((PERKS.length - i) * 11 * HOUR);
    const [row] = await tx
      .insert(perks)
      .values({
        creatorId: p.creator ? member[p.creator].id : null,
        title: p.title,
        description: p.description,
        perkType: p.type,
        status: 'active',
        costAmount: W(p.cost),
        maxParticipants: p.max,
        deadline: p.deadlineDays ? inDays(p.deadlineDays) : null,
        purchaseRequirements: p.requirements ?? '',
        termsAndConditions: p.terms,
        telegramUrl: p.secret.telegramUrl ?? null,
        discountCode: p.secret.discountCode ?? null,
        eventDetails: p.secret.eventDetails ?? null,
        exclusiveContent: p.secret.exclusiveContent ?? null,
        mediaUrl: p.media ? media(p.media) : null,
        isVerified: p.creator === null,
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: perks.id });
    await tx.insert(perkTags).values(p.tags.map((t) => ({ perkId: row!.id, tagId: tagId[t] })));
    perkRow[p.key] = { id: row!.id, title: p.title, cost: p.cost, creator: p.creator, seed: p };
  }
}

/**
 * Each one as the redeem endpoint would: the cost moves from the redeemer to the creator (to the system account
 * for staff perks, which have none) and the secret content is snapshotted on the redemption.
 */
async function seedRedemptions({ tx, ago, member, walletOf, perkRow, notify }: SeedContext) {
  const system = await systemWalletId(tx);
  for (const [i, r] of REDEMPTIONS.entries()) {
    const p = perkRow[r.perk]!;
    const transactionId = await move(tx, {
      type: 'perk_redemption',
      fromWalletId: walletOf[r.member],
      toWalletId: p.creator ? walletOf[p.creator] : system,
      amountCents: W(p.cost),
      description: `Redeemed "${p.title}"`,
      related: { type: 'perk', id: p.id },
    });
    const s = p.seed.secret;
    await tx.insert(perkRedemptions).values({
      perkId: p.id,
      userId: member[r.member].id,
      transactionId,
      perkTitle: p.title,
      deliveredContent: {
        ...(s.telegramUrl ? { telegram_url: s.telegramUrl } : {}),
        ...(s.discountCode ? { discount_code: s.discountCode } : {}),
        ...(s.eventDetails ? { event_details: s.eventDetails } : {}),
        ...(s.exclusiveContent ? { exclusive_content: s.exclusiveContent } : {}),
      },
      redeemedAt: ago((REDEMPTIONS.length - i) * 6 * HOUR),
    });
    await tx
      .update(perks)
      .set({ purchasedCount: sql`${perks.purchasedCount} + 1` })
      .where(eq(perks.id, p.id));
    await notify(
      r.member,
      'transaction',
      'Perk redeemed',
      `You redeemed "${p.title}" for ${p.cost} W. Open the perk to see what you got.`,
      `/perk/${p.id}`,
      (REDEMPTIONS.length - i) * 6,
    );
    if (p.creator)
      await notify(
        p.creator,
        'transaction',
        'Your perk was redeemed',
        `${displayName(member[r.member])} redeemed "${p.title}" — ${p.cost} W added to your wallet.`,
        `/perk/${p.id}`,
        (REDEMPTIONS.length - i) * 6,
      );
  }
}
