import { describe, expect, it, vi } from 'vitest';
import { shareLink } from './share';

const data = { title: 'Quest', url: 'https://wyn.example/quest/1' };

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
  });
});
