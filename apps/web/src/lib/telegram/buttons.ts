/**
 * Telegram's BackButton, MainButton and SecondaryButton, shared by every screen. Screens register what they
 * want (a registry per button); the registration with the highest priority wins, the most recent among equals.
 * Changes are applied once per tick, so a screen swapping its registration never makes the button blink.
 * What applies them to Telegram (buttons-apply.ts) is loaded inside a Mini App only (shell-start.ts); outside
 * one nothing is called and the screens keep their in-page buttons.
 */
import { supports } from './webapp';

/** Who registers: the route's default, the page, a section of it (a form), a dialog over it. */
export const BUTTON_PRIORITY = { route: 0, page: 1, section: 2, dialog: 3 } as const;

export interface BottomButtonSpec {
  text: string;
  onClick: () => void;
  /** false: shown but not tappable (e.g. "Insufficient Points"). Default true. */
  enabled?: boolean;
  /** Shows Telegram's spinner on the button; taps are ignored meanwhile. */
  loading?: boolean;
  /** false: hides the button even if a lower registration wants it. Default true. */
  visible?: boolean;
}

export interface BackButtonSpec {
  /** null: no BackButton on this screen (a tab root). */
  onClick: (() => void) | null;
}

interface Entry<S> {
  id: number;
  priority: number;
  seq: number;
  spec: S;
}

let nextId = 1;
let nextSeq = 1;

export class Registry<S> {
  private entries: Entry<S>[] = [];
  constructor(private readonly changed: () => void) {}

  add(priority: number, spec: S): number {
    const id = nextId++;
    this.entries.push({ id, priority, seq: nextSeq++, spec });
    this.changed();
    return id;
  }
  update(id: number, spec: S): void {
    const entry = this.entries.find((e) => e.id === id);
    if (!entry) return;
    entry.spec = spec;
    this.changed();
  }
  remove(id: number): void {
    const before = this.entries.length;
    this.entries = this.entries.filter((e) => e.id !== id);
    if (this.entries.length !== before) this.changed();
  }
  top(): S | null {
    let best: Entry<S> | null = null;
    for (const e of this.entries)
      if (!best || e.priority > best.priority || (e.priority === best.priority && e.seq > best.seq)) best = e;
    return best?.spec ?? null;
  }
  clear(): void {
    this.entries = [];
  }
}

// ---------------------------------------------------------------------------------------------------------
// Applying: one pass per tick, by the applier the shell installs inside a Mini App.

export interface ButtonApplier {
  apply: () => void;
  /** Forget what was sent, so everything is sent again (after a theme change: colours follow it). */
  forget: () => void;
}
let applier: ButtonApplier | null = null;

let scheduled = false;
function schedule() {
  if (scheduled || !applier) return;
  scheduled = true;
  queueMicrotask(() => {
    scheduled = false;
    applier?.apply();
  });
}

export const backButtons = new Registry<BackButtonSpec>(schedule);
export const mainButtons = new Registry<BottomButtonSpec>(schedule);
export const secondaryButtons = new Registry<BottomButtonSpec>(schedule);

/** Installs what applies the registries to Telegram's buttons, and applies what screens registered so far. */
export function setButtonApplier(next: ButtonApplier | null): void {
  applier = next;
  flushTelegramButtons();
}

/** Applies now instead of at the end of the tick. */
export function flushTelegramButtons(): void {
  scheduled = false;
  applier?.apply();
}

/** Sends every button again (after a theme change: the colours follow it). */
export function refreshTelegramButtons(): void {
  applier?.forget();
  schedule();
}

/** Whether Telegram's own button stands in for the in-page one on this client. */
export function hasNativeButton(which: 'back' | 'main' | 'secondary'): boolean {
  return supports(which === 'back' ? 'backButton' : which === 'main' ? 'mainButton' : 'secondaryButton');
}

/** For unit tests: forget registrations. */
export function resetButtonsForTests(): void {
  backButtons.clear();
  mainButtons.clear();
  secondaryButtons.clear();
  applier?.forget();
  scheduled = false;
}
