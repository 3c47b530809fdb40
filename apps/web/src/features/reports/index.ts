// The reports feature's public face: the Report action that quest, perk, profile and message screens show.
// Other features import only from here, never from this feature's folders.
export { ReportButton } from './components/report-button';
