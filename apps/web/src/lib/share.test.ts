import { describe, expect, it, vi } from 'vitest';
import { shareItem, shareLink, telegramShareUrl, webLink, type ShareDeps } from './share';

const ID = '3f2b8c1e-9d4a-4f6b-8a2e-1c5d7e9f0a1b';
const target = { type: 'quest', id: ID, title: 'Join the channel' } as const;
const ORIGIN = 'https://wyn.example';
const DEEP = `https://t.me/wyn_bot/app?startapp=q_${ID}`;
const data = { title: 'Quest', url: `${ORIGIN}/quest/1` };

function deps(over: Partial<ShareDeps> = {}): Partial<ShareDeps> & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    insideTelegram: () => true,
    canShareMessage: () => true,
    prepare: vi.fn(async (_t, prepareMessage: boolean) => ({
      link: DEEP,
      text: 'Join the channel: complete this quest on Wyn and earn 25 W.',
      ...(prepareMessage ? { prepared_message_id: 'prep-1' } : {}),
    })),
    shareMessage: vi.fn(async (id: string) => {
      calls.push(`shareMessage ${id}`);
      return true;
    }),
    openTelegramLink: vi.fn((url: string) => {
      calls.push(`openTelegramLink ${url}`);
      return true;
    }),
    nav: undefined,
    origin: ORIGIN,
    ...over,
  };
}

describe('shareItem inside Telegram', () => {
  it('sends the message the server prepared through shareMessage', async () => {
    const d = deps();
    expect(await shareItem(target, d)).toBe('shared');
    expect(d.prepare).toHaveBeenCalledWith(target, true);
    expect(d.calls).toEqual(['shareMessage prep-1']);
  });

  it('a closed share sheet is cancelled, not a failure', async () => {
    const d = deps({ shareMessage: async () => false });
    expect(await shareItem(target, d)).toBe('cancelled');
  });

  it('on a client before Bot API 8.0, opens t.me/share/url with the deep link and the text', async () => {
    const d = deps({ canShareMessage: () => false });
    expect(await shareItem(target, d)).toBe('opened');
    expect(d.prepare).toHaveBeenCalledWith(target, false);
    const url = new URL(d.calls[0]!.replace('openTelegramLink ', ''));
    expect(`${url.origin}${url.pathname}`).toBe('https://t.me/share/url');
    expect(url.searchParams.get('url')).toBe(DEEP);
    expect(url.searchParams.get('text')).toBe('Join the channel: complete this quest on Wyn and earn 25 W.');
  });

  it('without a prepared message (no linked Telegram account, Bot API down), falls back to the share link', async () => {
    const d = deps({ prepare: async () => ({ link: DEEP, text: 'x' }) });
    expect(await shareItem(target, d)).toBe('opened');
    expect(d.calls).toEqual([`openTelegramLink ${telegramShareUrl(DEEP, 'x')}`]);
  });

  it('when shareMessage is not there after all, or the server fails, still shares a link', async () => {
    const d = deps({ shareMessage: async () => null });
    expect(await shareItem(target, d)).toBe('opened');
    expect(d.calls).toEqual([expect.stringContaining(encodeURIComponent(DEEP))]);

    const failing = deps({
      prepare: async () => {
        throw new Error('offline');
      },
    });
    expect(await shareItem(target, failing)).toBe('opened');
    expect(failing.calls).toEqual([`openTelegramLink ${telegramShareUrl(`${ORIGIN}/quest/${ID}`, target.title)}`]);
  });
});

describe('shareItem outside Telegram', () => {
  it('uses the system share sheet with the screen’s web address, asking the server nothing', async () => {
    const share = vi.fn(async () => {});
    const d = deps({ insideTelegram: () => false, nav: { share } as unknown as Navigator });
    expect(await shareItem({ type: 'perk', id: ID, title: 'Coffee' }, d)).toBe('shared');
    expect(share).toHaveBeenCalledWith({ title: 'Coffee', url: `${ORIGIN}/perk/${ID}` });
    expect(d.prepare).not.toHaveBeenCalled();
    expect(d.calls).toEqual([]);
  });

  it('copies the link without a share sheet', async () => {
    const writeText = vi.fn(async () => {});
    const d = deps({ insideTelegram: () => false, nav: { clipboard: { writeText } } as unknown as Navigator });
    expect(await shareItem({ type: 'profile', id: ID, title: 'Ava' }, d)).toBe('copied');
    expect(writeText).toHaveBeenCalledWith(`${ORIGIN}/profile/${ID}`);
  });
});

describe('shareLink', () => {
  it('uses the share sheet when there is one', async () => {
    const share = vi.fn(async () => {});
    const writeText = vi.fn(async () => {});
    expect(await shareLink(data, { share, clipboard: { writeText } } as unknown as Navigator)).toBe('shared');
    expect(share).toHaveBeenCalledWith({ title: 'Quest', url: data.url });
    expect(writeText).not.toHaveBeenCalled();
  });

  it('treats closing the sheet as cancelled', async () => {
    const share = vi.fn(async () => {
      throw new DOMException('closed', 'AbortError');
    });
    expect(await shareLink(data, { share } as unknown as Navigator)).toBe('cancelled');
  });

  it('copies the link without a share sheet, or when share() is refused', async () => {
    const writeText = vi.fn(async () => {});
    expect(await shareLink(data, { clipboard: { writeText } } as unknown as Navigator)).toBe('copied');
    expect(writeText).toHaveBeenCalledWith(data.url);
    const refused = vi.fn(async () => {
      throw new DOMException('no', 'NotAllowedError');
    });
    expect(await shareLink(data, { share: refused, clipboard: { writeText } } as unknown as Navigator)).toBe('copied');
  });

  it('fails when neither works', async () => {
    expect(await shareLink(data, {} as Navigator)).toBe('failed');
    const writeText = vi.fn(async () => {
      throw new Error('denied');
    });
    expect(await shareLink(data, { clipboard: { writeText } } as unknown as Navigator)).toBe('failed');
    expect(await shareLink(data, undefined)).toBe('failed');
  });
});

describe('links', () => {
  it('builds the web address and Telegram’s share address', () => {
    expect(webLink({ type: 'quest', id: ID, title: '' }, ORIGIN)).toBe(`${ORIGIN}/quest/${ID}`);
    expect(telegramShareUrl('https://t.me/a/b?startapp=q_1', 'Hi & bye')).toBe(
      'https://t.me/share/url?url=https%3A%2F%2Ft.me%2Fa%2Fb%3Fstartapp%3Dq_1&text=Hi+%26+bye',
    );
  });
});
