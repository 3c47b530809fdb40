/** Quest shapes of the club API, from the shared contract. */
export type {
  MyParticipation,
  ParticipationStatus,
  QuestCompletion as Submission,
  QuestDetail,
  QuestType,
  VerifyMembershipResponse as MembershipResult,
} from '@wyn/contract';
