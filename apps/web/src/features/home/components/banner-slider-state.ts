/** Banner slider state (docs/spec/01-signin-home-create.md §4): wraps at both ends; moves are ignored during the 0.5 s transition. */
export interface SliderState {
  index: number;
  /** True from a move until the transition ends; moves are ignored meanwhile. */
  transitioning: boolean;
}

export type SliderAction =
  | { type: 'next'; count: number }
  | { type: 'prev'; count: number }
  | { type: 'goTo'; index: number; count: number }
  | { type: 'transitionEnd' }
  | { type: 'sync'; count: number };

export const initialSliderState: SliderState = { index: 0, transitioning: false };

export function sliderReducer(state: SliderState, action: SliderAction): SliderState {
  switch (action.type) {
    case 'next':
    case 'prev': {
      if (state.transitioning || action.count <= 1) return state;
      const step = action.type === 'next' ? 1 : -1;
      return { index: (state.index + step + action.count) % action.count, transitioning: true };
    }
    case 'goTo': {
      if (state.transitioning || action.count <= 1) return state;
      if (action.index === state.index || action.index < 0 || action.index >= action.count) return state;
      return { index: action.index, transitioning: true };
    }
    case 'transitionEnd':
      return state.transitioning ? { ...state, transitioning: false } : state;
    case 'sync':
      // The list changed: keep the index in range.
      return state.index < Math.max(action.count, 1) ? state : { index: 0, transitioning: false };
  }
}
