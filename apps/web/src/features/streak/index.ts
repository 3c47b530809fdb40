// The streak feature's public face: the Home card, and the device timezone the settings send with reminders.
// Other features import only from here, never from this feature's folders.
export { StreakCard } from './components/streak-card';
export { streakQueryOptions } from './api/get-streak';
export { deviceTimeZone } from './lib/device-time-zone';
