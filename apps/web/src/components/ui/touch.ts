/**
 * Touch-target and pressed-state classes (issue #14 item 17; WCAG 2.5.5/2.5.8).
 *
 * `touchTarget` gives a control a tap area of at least 44 × 44 px centred on it, through an invisible
 * ::after (the `touch-target` utility of styles.css), without changing how big it looks or how it is laid out
 * (the control becomes `relative`; an absolutely positioned one takes `touch-target` alone).
 * `pressable` shrinks a control a little while pressed, so a tap shows on a touch screen that has no hover.
 */
export const touchTarget = 'relative touch-target';

export const pressable = 'transition active:scale-[0.97] motion-reduce:active:scale-100';
