import { describe, expect, it } from 'vitest';
import { captureStartLink, consumeStartLink, pendingStartRoute, REFERRAL_CODE_KEY, referralCode } from './start-link';

const ID = '3f2b8c1e-9d4a-4f6b-8a2e-1c5d7e9f0a1b';
const initData = (start: string, hash = 'sig1') =>
  new URLSearchParams({ user: '{"id":1}', auth_date: '1', start_param: start, hash }).toString();
const sources = (over: Partial<Parameters<typeof captureStartLink>[0]> = {}) => ({
  initData: null,
  launchStartParam: null,
  search: '',
  ...over,
});

describe('start link', () => {
  it('keeps a Mini App launch’s start parameter until it is followed, once per launch', () => {
    captureStartLink(sources({ initData: initData(`q_${ID}`) }));
    expect(pendingStartRoute()).toBe(`/quest/${ID}`);
    consumeStartLink();
    expect(pendingStartRoute()).toBeNull();
    // A reload of the same launch (same signed init data) does not follow it again…
    captureStartLink(sources({ initData: initData(`q_${ID}`) }));
    expect(pendingStartRoute()).toBeNull();
    // …a new launch does.
    captureStartLink(sources({ initData: initData(`p_${ID}`, 'sig2') }));
    expect(pendingStartRoute()).toBe(`/perk/${ID}`);
  });

  it('a new launch without a link drops the link an earlier launch left unfollowed', () => {
    captureStartLink(sources({ initData: initData(`q_${ID}`, 'sig1') }));
    expect(pendingStartRoute()).toBe(`/quest/${ID}`);
    captureStartLink(sources({ initData: 'user=%7B%7D&auth_date=2&hash=sig3' }));
    expect(pendingStartRoute()).toBeNull();
  });

  it('takes ?startapp= in a plain browser, every time it is opened', () => {
    captureStartLink(sources({ search: `?startapp=u_${ID}` }));
    expect(pendingStartRoute()).toBe(`/profile/${ID}`);
    consumeStartLink();
    captureStartLink(sources({ search: `?startapp=u_${ID}` }));
    expect(pendingStartRoute()).toBe(`/profile/${ID}`);
  });

  it('keeps a referral code and lands on Home', () => {
    captureStartLink(sources({ launchStartParam: 'r_friend42' }));
    expect(pendingStartRoute()).toBe('/home');
    expect(referralCode()).toBe('friend42');
    expect(localStorage.getItem(REFERRAL_CODE_KEY)).toBe('friend42');
    consumeStartLink();
    expect(referralCode()).toBe('friend42');
  });

  it('ignores an unknown or malformed parameter (the member lands on Home as usual)', () => {
    for (const raw of ['x_1', 'q_not-a-uuid', '<script>', `q_${ID}&x=1`]) {
      captureStartLink(sources({ search: `?startapp=${encodeURIComponent(raw)}` }));
      expect(pendingStartRoute(), raw).toBeNull();
    }
    sessionStorage.setItem('wyn.start_link', '{"raw":"q_../../x"}');
    expect(pendingStartRoute()).toBeNull();
    sessionStorage.setItem('wyn.start_link', 'not json');
    expect(pendingStartRoute()).toBeNull();
  });
});
