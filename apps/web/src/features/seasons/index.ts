// The seasons feature's public face: the current season's card, which Home (or the Leaderboard) shows.
// Other features import only from here, never from this feature's folders.
export { SeasonCard } from './components/season-card';
export { currentSeasonQueryOptions } from './api/get-current-season';
