import { withWebApp, type ImpactStyle } from './webapp';

/**
 * Telegram's haptic feedback inside a Mini App (Bot API 6.1); nothing elsewhere. Success and error
 * notifications for money moves and submissions, a selection tick for tabs, chips and steppers, a light
 * impact for toggles.
 */
export const haptic = {
  success: () => void withWebApp('haptics', (app) => app.HapticFeedback?.notificationOccurred?.('success')),
  error: () => void withWebApp('haptics', (app) => app.HapticFeedback?.notificationOccurred?.('error')),
  warning: () => void withWebApp('haptics', (app) => app.HapticFeedback?.notificationOccurred?.('warning')),
  selection: () => void withWebApp('haptics', (app) => app.HapticFeedback?.selectionChanged?.()),
  impact: (style: ImpactStyle = 'light') =>
    void withWebApp('haptics', (app) => app.HapticFeedback?.impactOccurred?.(style)),
};
