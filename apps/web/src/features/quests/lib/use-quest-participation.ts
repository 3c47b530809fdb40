import { QUEST_MSG } from '@wyn/contract';
import { useState } from 'react';
import { errorMessage, isApiError } from '@/lib/api-error';
import { haptic } from '@/lib/telegram';
import { notify } from '@/lib/toast';
import { useParticipate } from '../api/participate';
import { useSubmitProof } from '../api/submit-proof';
import { useVerifyCompletion } from '../api/verify-completion';
import { useVerifyMembership } from '../api/verify-membership';
import type { ResultNote } from '../components/submit-tab';
import type { MembershipResult, QuestDetail } from '../types';
import { QUEST_PAGE_MSG } from './participation';

type ProofErrors = { text?: string; image?: string };

/**
 * What a member does on a quest screen: join (a join quest through its dialog), check membership or
 * completion, send proof. Each outcome is told in a toast; the check's result also stays on screen.
 */
export function useQuestParticipation(quest: QuestDetail, opts: { onJoined: () => void }) {
  const [joinDialogOpen, setJoinDialogOpen] = useState(false);
  const [verifyNote, setVerifyNote] = useState<ResultNote>(null);
  const [proofErrors, setProofErrors] = useState<ProofErrors>({});
  const participate = useParticipate(quest.id);
  const verifyMembership = useVerifyMembership(quest.id);
  const verifyCompletion = useVerifyCompletion(quest.id);
  const submitProof = useSubmitProof(quest.id);

  const doParticipate = () => {
    participate.mutate(undefined, {
      onSuccess: () => {
        notify.success(QUEST_MSG.joinSuccess);
        haptic.success();
        setJoinDialogOpen(false);
        opts.onJoined();
      },
      onError: (e) => {
        if (isApiError(e) && e.status === 409) {
          notify.info(QUEST_MSG.alreadyParticipating);
          setJoinDialogOpen(false);
          opts.onJoined();
          return;
        }
        haptic.error();
        notify.error(errorMessage(e, QUEST_PAGE_MSG.joinFailed));
      },
    });
  };

  const onVerified = (res: MembershipResult) => {
    if (res.verification_status === 'approved') {
      const text = res.message?.trim() || QUEST_MSG.verifySuccess;
      setVerifyNote({ tone: 'success', text });
      haptic.success();
      notify.success(text);
    } else if (res.verification_status === 'rejected' || !res.is_member) {
      const text = res.message?.trim() || QUEST_MSG.verifyFailed;
      setVerifyNote({ tone: 'error', text });
      haptic.error();
      notify.error(text);
    } else {
      setVerifyNote({ tone: 'info', text: QUEST_MSG.verifyPending });
      notify.info(QUEST_MSG.verifyPending);
    }
  };
  const onVerifyError = (e: unknown) => {
    const text = errorMessage(e, QUEST_PAGE_MSG.verifyError);
    setVerifyNote({ tone: 'error', text });
    haptic.error();
    notify.error(text);
  };

  const doSubmitProof = (text: string, image: File | null) => {
    setProofErrors({});
    submitProof.mutate(
      { text, image, data: { verification_type: quest.task_type } },
      {
        onSuccess: () => {
          haptic.success();
          notify.success(QUEST_MSG.proofSuccess);
        },
        onError: (e) => {
          haptic.error();
          if (isApiError(e)) {
            const f = e.fieldErrors;
            const errs: ProofErrors = {};
            if (f.proof_text) errs.text = f.proof_text;
            if (f.proof_image) errs.image = f.proof_image;
            setProofErrors(errs);
          }
          notify.error(errorMessage(e, QUEST_PAGE_MSG.proofFailed));
        },
      },
    );
  };

  return {
    joinDialogOpen,
    setJoinDialogOpen,
    joining: participate.isPending,
    doParticipate,
    /** A join quest opens its dialog first (open the channel, then join); every other quest joins at once. */
    startParticipating: () => (quest.task_type === 'join' ? setJoinDialogOpen(true) : doParticipate()),
    verifying: verifyMembership.isPending || verifyCompletion.isPending,
    verifyNote,
    verifyMembership: () => verifyMembership.mutate(undefined, { onSuccess: onVerified, onError: onVerifyError }),
    verifyCompletion: () => verifyCompletion.mutate(undefined, { onSuccess: onVerified, onError: onVerifyError }),
    submitting: submitProof.isPending,
    proofErrors,
    doSubmitProof,
  };
}
