// The analytics feature's public face: the creator's summary, which the own profile shows.
// Other features import only from here, never from this feature's folders.
export { CreatorSummary } from './components/creator-summary';
