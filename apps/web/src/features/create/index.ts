// The create feature's public face: the perk wizard and its form rules, which the perk edit screen reuses.
// Other features import only from here, never from this feature's folders.
export { PerkWizard } from './components/perk-wizard';
export { PERK_FORM_MSG, perkChanges, perkCreateErrorMessage, perkToForm, type PerkForm } from './lib/perk-form';
export { useMediaUpload } from './lib/use-media-upload';
