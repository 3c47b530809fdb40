import { describe, expect, it } from 'vitest';
import { initialSliderState, sliderReducer, type SliderState } from './banner-slider-state';

const settle = (s: SliderState) => sliderReducer(s, { type: 'transitionEnd' });

describe('sliderReducer', () => {
  it('next and prev wrap at both ends', () => {
    let s = sliderReducer(initialSliderState, { type: 'prev', count: 3 });
    expect(s.index).toBe(2);
    s = sliderReducer(settle(s), { type: 'next', count: 3 });
    expect(s.index).toBe(0);
    s = sliderReducer(settle(s), { type: 'next', count: 3 });
    expect(s.index).toBe(1);
  });

  it('ignores moves during the transition', () => {
    const moving = sliderReducer(initialSliderState, { type: 'next', count: 3 });
    expect(moving).toEqual({ index: 1, transitioning: true });
    expect(sliderReducer(moving, { type: 'next', count: 3 })).toBe(moving);
    expect(sliderReducer(moving, { type: 'prev', count: 3 })).toBe(moving);
    expect(sliderReducer(moving, { type: 'goTo', index: 0, count: 3 })).toBe(moving);
    expect(settle(moving)).toEqual({ index: 1, transitioning: false });
  });

  it('goTo moves to a dot, ignoring the current and out-of-range ones', () => {
    expect(sliderReducer(initialSliderState, { type: 'goTo', index: 2, count: 3 })).toEqual({
      index: 2,
      transitioning: true,
    });
    expect(sliderReducer(initialSliderState, { type: 'goTo', index: 0, count: 3 })).toBe(initialSliderState);
    expect(sliderReducer(initialSliderState, { type: 'goTo', index: 5, count: 3 })).toBe(initialSliderState);
  });

  it('does nothing with one slide or none', () => {
    expect(sliderReducer(initialSliderState, { type: 'next', count: 1 })).toBe(initialSliderState);
    expect(sliderReducer(initialSliderState, { type: 'prev', count: 0 })).toBe(initialSliderState);
  });

  it('sync keeps the index in range when the list shrinks', () => {
    expect(sliderReducer({ index: 4, transitioning: false }, { type: 'sync', count: 2 })).toEqual({
      index: 0,
      transitioning: false,
    });
    const s = { index: 1, transitioning: false };
    expect(sliderReducer(s, { type: 'sync', count: 2 })).toBe(s);
  });

  it('transitionEnd when idle is a no-op', () => {
    expect(settle(initialSliderState)).toBe(initialSliderState);
  });
});
