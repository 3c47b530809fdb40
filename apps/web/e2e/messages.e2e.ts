import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openPage, screenshot, type Session, type ViewportName } from './fixtures/browser.ts';
import { api, member, sessionScript, type Auth } from './fixtures/members.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const runId = Date.now().toString(36);

/** Types into the composer and sends with Enter (Shift+Enter would be a new line). */
async function sendWithEnter(page: Page, text: string) {
  const input = page.getByPlaceholder('Type a message...');
  await input.fill(text);
  await input.press('Enter');
  await page.getByTestId('own-message').filter({ hasText: text }).waitFor({ timeout: 5_000 });
  await expect.poll(() => input.inputValue()).toBe('');
}

describe.each<ViewportName>(['phone', 'desktop'])('messages at %s size', (viewport) => {
  const tag = `${viewport}_${runId}`;
  let ava: Auth;
  let ben: Auth;
  let a: Session;
  let b: Session;

  beforeAll(async () => {
    [ava, ben] = await Promise.all([member(`ma_${tag}`, 'Ava', 'Chat'), member(`mb_${tag}`, 'Ben', 'Chat')]);
    [a, b] = await Promise.all([
      openPage(browser, viewport, { initScript: sessionScript(ava) }),
      openPage(browser, viewport, { initScript: sessionScript(ben) }),
    ]);
  });
  afterAll(async () => {
    await a?.context.close();
    await b?.context.close();
  });

  it('delivers messages live both ways, shows the read tick, and badges unread conversations', async () => {
    // Ben already has the chat with Ava open: empty, with her name from her profile.
    await b.page.goto(`/messages?user=${ava.user.id}`);
    await b.page.getByText('No messages yet').waitFor();
    await b.page.getByText('Start chatting with Ava Chat').waitFor();
    await expect.poll(() => b.page.getByTestId('chat-name').innerText()).toBe('Ava Chat');

    // Ava starts the chat from her side; the send button stays disabled for blank text.
    await a.page.goto(`/messages?user=${ben.user.id}`);
    await a.page.getByText('Start chatting with Ben Chat').waitFor();
    const send = a.page.getByRole('button', { name: 'Send message' });
    expect(await send.isDisabled()).toBe(true);
    await a.page.getByPlaceholder('Type a message...').fill('   ');
    expect(await send.isDisabled()).toBe(true);
    await screenshot(a.page, `${viewport}-messages-new-chat`);

    const first = `Hi Ben, are you joining the quest? ${tag}`;
    await sendWithEnter(a.page, first);
    // Ben sees it without a reload, within 2 seconds.
    await b.page.getByTestId('their-message').filter({ hasText: first }).waitFor({ timeout: 2_000 });

    // Ben has the chat open, so it is marked read and Ava's message shows the read tick.
    await a.page.getByTestId('own-message').filter({ hasText: first }).getByTestId('read-tick').waitFor({
      timeout: 5_000,
    });

    // Ben replies with the send button; it appears on Ava's side within 2 seconds.
    const reply = `Yes! See you there ${tag}`;
    await b.page.getByPlaceholder('Type a message...').fill(reply);
    await b.page.getByRole('button', { name: 'Send message' }).click();
    await b.page.getByTestId('own-message').filter({ hasText: reply }).waitFor();
    await a.page.getByTestId('their-message').filter({ hasText: reply }).waitFor({ timeout: 2_000 });
    await screenshot(a.page, `${viewport}-messages-chat`);
    await screenshot(b.page, `${viewport}-messages-chat-other-side`);

    // Ben leaves the chat for the list; Ava's third message shows as unread there, live.
    await b.page.goto('/messages');
    await b.page.getByTestId('conversation').filter({ hasText: 'Ava Chat' }).waitFor();
    const third = `Bring a friend ${tag}`;
    await sendWithEnter(a.page, third);
    const row = b.page.getByTestId('conversation').filter({ hasText: 'Ava Chat' });
    await row.getByTestId('unread-badge').waitFor({ timeout: 2_000 });
    expect(await row.getByTestId('unread-badge').innerText()).toBe('1');
    expect(await row.innerText()).toContain(third);
    await screenshot(b.page, `${viewport}-messages-list`);

    // Opening it marks it read: the badge goes and Ava's third message gets its tick.
    await row.click();
    await b.page.getByTestId('their-message').filter({ hasText: third }).waitFor();
    await a.page.getByTestId('own-message').filter({ hasText: third }).getByTestId('read-tick').waitFor({
      timeout: 5_000,
    });
    if (viewport === 'phone') {
      // Phones show the chat alone, with a way back to the list.
      await b.page.getByRole('link', { name: 'Back to conversations' }).click();
      await b.page.getByPlaceholder('Search conversations').waitFor();
    }
    await expect.poll(() => b.page.getByTestId('unread-badge').count()).toBe(0);

    // The search box filters the list.
    await b.page.getByPlaceholder('Search conversations').fill('nobody-by-this-name');
    await expect.poll(() => b.page.getByTestId('conversation').count()).toBe(0);
    await b.page.getByPlaceholder('Search conversations').fill('ava');
    await expect.poll(() => b.page.getByTestId('conversation').count()).toBe(1);

    expect(a.consoleErrors).toEqual([]);
    expect(b.consoleErrors).toEqual([]);
  });

  it('pages a long chat: the newest first, older ones on request without moving the reader', async () => {
    const [cara, dan] = await Promise.all([member(`mc_${tag}`, 'Cara', 'Long'), member(`md_${tag}`, 'Dan', 'Long')]);
    // 60 messages, taking turns (each member may send 30 a minute); #1 is the oldest.
    const text = (n: number) => `Old message ${n} of 60 ${tag}`;
    for (let n = 1; n <= 60; n += 1) {
      const [from, to] = n % 2 ? [cara, dan] : [dan, cara];
      await api('club/messages/', {
        token: from.access,
        body: { content: text(n), receiver: to.user.id, message_type: 'text' },
      });
    }
    const s = await openPage(browser, viewport, { initScript: sessionScript(dan) });
    await s.page.goto(`/messages?user=${cara.user.id}`);
    const bubble = (n: number) =>
      s.page
        .getByRole('log')
        .getByRole('listitem')
        .filter({ hasText: text(n) });
    await bubble(60).waitFor();
    // The first page is the newest 50 (#11 to #60), scrolled to the newest.
    await bubble(11).waitFor({ state: 'attached' });
    expect(await bubble(10).count()).toBe(0);
    expect(await bubble(60).isVisible()).toBe(true);
    const older = s.page.getByRole('button', { name: 'Load older messages' });
    await older.scrollIntoViewIfNeeded();
    await screenshot(s.page, `${viewport}-messages-load-older`);

    const topBefore = (await bubble(11).boundingBox())!.y;
    await older.click();
    await bubble(1).waitFor({ state: 'attached' });
    // Nothing older is left, and the message the reader was at stays where it was.
    await expect.poll(() => older.count()).toBe(0);
    expect(Math.abs((await bubble(11).boundingBox())!.y - topBefore)).toBeLessThan(4);
    await bubble(1).scrollIntoViewIfNeeded();
    expect(await bubble(1).isVisible()).toBe(true);
    await screenshot(s.page, `${viewport}-messages-oldest`);
    expect(s.consoleErrors).toEqual([]);
    await s.context.close();
  });

  it('starts a new chat from Messages by searching a member, and from a profile (issue #14 item 18)', async () => {
    const [nia, ole] = await Promise.all([
      member(`mn_${tag}`, 'Nia', 'Newchat'),
      member(`mo_${tag}`, 'Ole', 'Newchat'),
    ]);
    const s = await openPage(browser, viewport, { initScript: sessionScript(nia) });
    // Reachable from another main screen: the wallet's Messages button.
    await s.page.goto('/wallet');
    await s.page.getByRole('link', { name: 'Messages', exact: true }).click();
    await s.page.waitForURL((url) => url.pathname === '/messages');
    await s.page.getByRole('button', { name: 'New message' }).click();
    const dialog = s.page.getByRole('dialog', { name: 'New message' });
    await dialog.getByLabel('Search members').fill(`mo_${tag}`);
    const result = dialog.getByRole('link', { name: /Ole Newchat/ });
    await result.waitFor();
    await screenshot(s.page, `${viewport}-messages-new-chat`);
    await result.click();
    await s.page.waitForURL((url) => url.searchParams.get('user') === ole.user.id);
    await sendWithEnter(s.page, `Hello Ole ${tag}`);

    // From a profile: Message opens the chat with that member.
    await s.page.goto(`/profile/${ole.user.id}`);
    await s.page.getByRole('link', { name: 'Message', exact: true }).click();
    await s.page.waitForURL((url) => url.searchParams.get('user') === ole.user.id);
    await s.page
      .getByTestId('own-message')
      .filter({ hasText: `Hello Ole ${tag}` })
      .waitFor();
    expect(s.consoleErrors).toEqual([]);
    await s.context.close();
  });

  it('shows the empty list with Find People for a member without conversations', async () => {
    const loner = await member(`ml_${tag}`, 'Lone', 'Member');
    const s = await openPage(browser, viewport, { initScript: sessionScript(loner) });
    await s.page.goto('/messages');
    await s.page.getByText('No conversations yet').waitFor();
    const find = s.page.getByRole('link', { name: 'Find People' });
    expect(await find.getAttribute('href')).toBe('/explore');
    if (viewport === 'desktop') await s.page.getByText('Select a conversation').waitFor();
    await screenshot(s.page, `${viewport}-messages-empty`);
    expect(s.consoleErrors).toEqual([]);
    await s.context.close();
  });
});
