// The create feature's public face: the perk wizard and its form rules, which the perk edit screen reuses, and
// the quest wizard's steps and form rules, which the quest edit screen reuses.
// Other features import only from here, never from this feature's folders.
export { PerkWizard } from './components/perk-wizard';
export { PERK_FORM_MSG, perkChanges, perkCreateErrorMessage, perkToForm, type PerkForm } from './lib/perk-form';
export { useMediaUpload } from './lib/use-media-upload';
export { DetailsStep } from './components/details-step';
export { ReviewStep } from './components/review-step';
export { WizardFrame } from './components/wizard-frame';
export {
  questChanges,
  questEditLimits,
  questEscrowChange,
  questToForm,
  validateQuestEdit,
  type FieldErrors,
  type QuestForm,
} from './lib/quest-form';
