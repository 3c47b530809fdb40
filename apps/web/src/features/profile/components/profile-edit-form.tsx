import { LIMITS } from '@wyn/contract';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';

export type ProfileDraft = { first_name: string; last_name: string; username: string; bio: string };

/** The fields of edit mode; saving is the page's Save Changes button. */
export function ProfileEditForm({
  draft,
  errors,
  onChange,
}: {
  draft: ProfileDraft;
  errors: Record<string, string>;
  onChange: (d: ProfileDraft) => void;
}) {
  const set = (k: keyof ProfileDraft) => (e: { target: { value: string } }) =>
    onChange({ ...draft, [k]: e.target.value });
  return (
    <div className="mt-4 flex w-full flex-col gap-3 text-left" data-testid="profile-edit-form">
      <div className="grid grid-cols-2 gap-3">
        <FormField label="First name" error={errors.first_name}>
          <Input
            value={draft.first_name}
            onChange={set('first_name')}
            maxLength={LIMITS.nameMax}
            autoComplete="given-name"
          />
        </FormField>
        <FormField label="Last name" error={errors.last_name}>
          <Input
            value={draft.last_name}
            onChange={set('last_name')}
            maxLength={LIMITS.nameMax}
            autoComplete="family-name"
          />
        </FormField>
      </div>
      <FormField label="Username" error={errors.username}>
        <Input
          value={draft.username}
          onChange={set('username')}
          maxLength={LIMITS.usernameMax}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
        />
      </FormField>
      <FormField label="Bio" error={errors.bio} hint={`${draft.bio.length}/${LIMITS.bioMax}`}>
        <Textarea value={draft.bio} onChange={set('bio')} maxLength={LIMITS.bioMax} rows={3} />
      </FormField>
    </div>
  );
}
