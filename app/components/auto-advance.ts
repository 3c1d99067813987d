/**
 * Whether a carousel that moves by itself (the home hero, the seller reviews) may advance right now:
 * more than one slide, not paused, not pointed at or focused, motion not reduced, and in view.
 */
export function shouldAutoAdvance(state: {
  slideCount: number;
  playing: boolean;
  hovered: boolean;
  focused: boolean;
  reducedMotion: boolean;
  /** Some of it is in the viewport. */
  onScreen: boolean;
}): boolean {
  return (
    state.slideCount > 1 && state.playing && !state.hovered && !state.focused && !state.reducedMotion && state.onScreen
  );
}
