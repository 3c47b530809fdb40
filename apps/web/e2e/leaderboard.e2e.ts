import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { signInitData } from '../../server/test/telegram-signing.ts';
import { launchBrowser, openPage, screenshot, type Session, type ViewportName } from './fixtures/browser.ts';
import { api, member, sessionScript, type Auth } from './fixtures/members.ts';

/**
 * XP, levels and leaderboards (issue #16 items 1–4) against the real server: a member earns XP when the creator
 * approves their quest (its reward in whole W), reaches the leaderboard from Home's Top Users and finds their
 * row there (and on the week's board, and on the creator's own club board from the creator's profile), sees
 * their level on their profile, and is told before they press that a quest needs a higher level. The Month tab,
 * the top three's medals and a member's own place pinned under page one of a busy board.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const runId = Date.now().toString(36);

type Quest = { id: string; title: string };

function createQuest(auth: Auth, title: string, reward: string, extra: Record<string, unknown> = {}) {
  return api<Quest>('club/tasks/', {
    token: auth.access,
    body: {
      title,
      description: 'Post about our launch with #wynlaunch and send us the link to your post.',
      reward_amount: reward,
      task_type: 'post',
      hashtag: '#wynlaunch',
      ...extra,
    },
  });
}

/** `who` takes part, sends proof, and the creator approves: XP follows from the approval's event. */
async function earn(who: Auth, creator: Auth, questId: string) {
  await api(`club/tasks/${questId}/participate/`, { token: who.access, body: {} });
  const c = await api<{ id: string }>(`club/tasks/${questId}/submit_proof/`, {
    token: who.access,
    body: { proof_text: 'https://example.com/my-post' },
  });
  await api(`club/task-completions/${c.id}/approve/`, { token: creator.access, body: {} });
}

/** A member signed in through the Mini App (one call, no e-mail code): quick to make many. */
let tgSeq = 0;
async function tgMember(first: string): Promise<Auth> {
  const id = 860_000_000 + Math.floor(Math.random() * 9_000_000) + tgSeq++;
  const initData = signInitData({ id, first_name: first, last_name: 'Busy' }, { botToken: inject('botToken') });
  return api<Auth>('bot/telegram-webapp-auth/', { body: { initData } });
}

/**
 * A busy club board, made once for both sizes: three members at 5, 4 and 3 XP, eighteen tied at 2, and the
 * viewer at 1 XP, 22nd, so their own place is off the first page (20 rows).
 */
let busy: Promise<{ creator: Auth; viewer: Auth }> | undefined;
function busyClub() {
  busy ??= (async () => {
    const creator = await tgMember('Bea');
    const viewer = await tgMember('Vic');
    const quest = (reward: string) => createQuest(creator, `Busy club ${reward} W ${runId}`, reward);
    const [q5, q4, q3, q2, q1] = await Promise.all(['5', '4', '3', '2', '1'].map(quest));
    const earners: [Auth, Quest][] = [];
    for (const [i, q] of [q5!, q4!, q3!].entries()) earners.push([await tgMember(`Top${i + 1}`), q]);
    for (let i = 0; i < 18; i++) earners.push([await tgMember(`Tied${i + 1}`), q2!]);
    earners.push([viewer, q1!]);
    for (const [who, q] of earners) await earn(who, creator, q.id);
    return { creator, viewer };
  })();
  return busy;
}

describe.each<ViewportName>(['phone', 'desktop'])('leaderboard at %s size', (viewport) => {
  const tag = `${viewport}_${runId}`;
  let session: Session;
  let creatorAuth: Auth;
  let memberAuth: Auth;
  let gatedId = '';

  beforeAll(async () => {
    let otherAuth: Auth;
    [creatorAuth, memberAuth, otherAuth] = await Promise.all([
      member(`lbc_${tag}`, 'Cleo', 'Club'),
      member(`lbm_${tag}`, 'Mia', 'Climber'),
      member(`lbo_${tag}`, 'Oli', 'Other'),
    ]);
    const big = await createQuest(creatorAuth, `Launch post ${tag}`, '90');
    const small = await createQuest(creatorAuth, `Small post ${tag}`, '5');
    await earn(memberAuth, creatorAuth, big.id); // 90 XP: level 1, 10 XP to level 2
    await earn(otherAuth, creatorAuth, small.id); // 5 XP
    gatedId = (await createQuest(creatorAuth, `Veterans only ${tag}`, '1', { min_level: 2 })).id;
    // A submission waiting for the creator's review, from the member with 90 XP.
    const review = await createQuest(creatorAuth, `Review me ${tag}`, '1');
    await api(`club/tasks/${review.id}/participate/`, { token: memberAuth.access, body: {} });
    await api(`club/tasks/${review.id}/submit_proof/`, {
      token: memberAuth.access,
      body: { proof_text: 'https://example.com/another-post' },
    });
    session = await openPage(browser, viewport, { initScript: sessionScript(memberAuth) });
  });
  afterAll(async () => {
    await session?.context.close();
  });

  it('the member reaches the leaderboard from Home and finds their row, all time and this week', async () => {
    const { page } = session;
    await page.goto('/home');
    await page.getByRole('link', { name: 'View all on the leaderboard' }).click();
    await page.waitForURL(/\/leaderboard$/);
    await page.getByRole('heading', { level: 1, name: 'Leaderboard' }).waitFor();
    const mine = page.getByTestId('board-row').filter({ hasText: '(you)' });
    await mine.waitFor();
    await expect(mine.innerText()).resolves.toContain('90 XP');
    await screenshot(page, `${viewport}-leaderboard-all`);

    await page.getByRole('tab', { name: 'Week' }).click();
    await page.waitForURL(/period=week/);
    await page.getByTestId('board-row').filter({ hasText: '(you)' }).waitFor();
    await screenshot(page, `${viewport}-leaderboard-week`);

    await page.getByRole('tab', { name: 'Month' }).click();
    await page.waitForURL(/period=month/);
    await expect(page.getByTestId('board-row').filter({ hasText: '(you)' }).innerText()).resolves.toContain('90 XP');
    await expect(page.getByRole('tab', { name: 'Month' }).getAttribute('aria-selected')).resolves.toBe('true');

    await page.getByRole('tab', { name: 'Season' }).click();
    await page.waitForURL(/period=season/);
    // No season runs unless staff made one: an empty board (another test file may have made one).
    await page.locator('[data-testid="board-empty"], [data-testid="board-row"]').first().waitFor();
    expect(session.consoleErrors).toEqual([]);
  });

  it("the creator's profile links their club board, where the member ranks first", async () => {
    const { page } = session;
    await page.goto(`/profile/${creatorAuth.user.id}`);
    await page.getByRole('link', { name: 'Club board' }).click();
    await page.waitForURL(new RegExp(`/leaderboard\\?creator=${creatorAuth.user.id}$`));
    await page.getByTestId('board-club').getByText("XP earned on Cleo Club's quests").waitFor();
    const rows = page.getByTestId('board-row');
    await expect.poll(() => rows.count()).toBe(2);
    await expect(rows.first().innerText()).resolves.toContain('Mia Climber');
    await expect(rows.first().getByLabel('Rank 1').count()).resolves.toBe(1);
    await screenshot(page, `${viewport}-club-board`);
    expect(session.consoleErrors).toEqual([]);
  });

  it('a busy club board: the top three stand out, and the own place is pinned until its page shows it', async () => {
    const { creator, viewer } = await busyClub();
    const s = await openPage(browser, viewport, { initScript: sessionScript(viewer) });
    try {
      const { page } = s;
      await page.goto(`/leaderboard?creator=${creator.user.id}`);
      const rows = page.getByTestId('board-row');
      await expect.poll(() => rows.count()).toBe(20);
      // Medals and a larger rank for the top three; the fourth is a number.
      const rank = (i: number) => rows.nth(i).getByLabel(/^Rank \d+$/);
      await expect(Promise.all([0, 1, 2, 3].map((i) => rank(i).innerText()))).resolves.toEqual([
        '🥇',
        '🥈',
        '🥉',
        '#4',
      ]);
      const fontSize = (i: number) => rank(i).evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
      expect(await fontSize(2)).toBeGreaterThan(await fontSize(3));
      // Not on page 1: the own place is pinned, inside the window (above the phone's bottom navigation).
      expect(await rows.filter({ hasText: '(you)' }).count()).toBe(0);
      const pinned = page.getByTestId('board-me');
      await expect(pinned.innerText()).resolves.toMatch(/#22\s+Your place[\s\S]*1 XP/);
      const box = await pinned.boundingBox();
      expect(box!.y + box!.height).toBeLessThanOrEqual(page.viewportSize()!.height);
      await screenshot(page, `${viewport}-leaderboard-pinned`);

      await page.getByRole('button', { name: 'Next' }).click();
      await page.waitForURL(/page=2/);
      const mine = page.getByTestId('board-row').filter({ hasText: '(you)' });
      await mine.waitFor();
      await expect(mine.getByLabel('Rank 22').count()).resolves.toBe(1);
      expect(await page.getByTestId('board-me').count()).toBe(0);
      expect(s.consoleErrors).toEqual([]);
    } finally {
      await s.context.close();
    }
  });

  it('the profile shows the level; a quest above it says how far the member is, before they press', async () => {
    const { page } = session;
    await page.goto('/profile');
    const level = page.getByTestId('profile-level');
    await level.waitFor();
    await expect(level.innerText()).resolves.toMatch(/Lv\s*(Level\s*)?1\b/);
    await expect(level.innerText()).resolves.toContain('90 XP');
    await screenshot(page, `${viewport}-profile-level`);

    await page.goto(`/quest/${gatedId}`);
    // The join card is laid out once per layout; the visible one speaks.
    await page
      .locator('[data-testid="level-needed"]:visible')
      .getByText('This quest needs level 2. You are level 1: 10 XP to go.')
      .waitFor();
    await expect(page.locator('button:visible', { hasText: 'Level 2 needed' }).isDisabled()).resolves.toBe(true);
    await screenshot(page, `${viewport}-quest-level-needed`);
    expect(session.consoleErrors).toEqual([]);
  });

  it("the creator's review queue shows the member's level", async () => {
    const creator = await openPage(browser, viewport, { initScript: sessionScript(creatorAuth) });
    try {
      const { page } = creator;
      await page.goto('/review');
      const item = page.getByTestId('submission').filter({ hasText: 'Mia Climber' }).first();
      await item.waitFor();
      await expect(item.getByTestId('level-badge').innerText()).resolves.toMatch(/Lv\s*(Level\s*)?1\b/);
      await screenshot(page, `${viewport}-review-level`);
      expect(creator.consoleErrors).toEqual([]);
    } finally {
      await creator.context.close();
    }
  });
});
