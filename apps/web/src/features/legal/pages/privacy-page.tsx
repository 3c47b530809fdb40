import { useProductName } from '@/lib/queries/app-config';
import { LegalPage, type LegalSection } from '../components/legal-page';

export const MINIMUM_AGE = 13;

export function PrivacyPage() {
  const name = useProductName();
  const sections: LegalSection[] = [
    {
      heading: 'What we collect',
      body: (
        <>
          <p>
            Account details you give us (name, username, email or phone number), and, when you sign in with Telegram,
            your Telegram id, name, username and profile photo.
          </p>
          <p>
            What you do in {name}: quests you create or complete and their proof, perks, wallet transactions, follows
            and messages.
          </p>
        </>
      ),
    },
    {
      heading: 'How we use it',
      body: (
        <p>
          To run your account, verify quests (for example, asking Telegram whether you joined a channel), pay rewards,
          deliver perks, send notifications and keep the community safe.
        </p>
      ),
    },
    {
      heading: 'Sharing',
      body: (
        <p>
          Your profile, and quests and perks you create, are visible to other members unless you make your profile
          private. Quest creators see the proof you submit to their quests. We do not sell your personal data.
        </p>
      ),
    },
    {
      heading: 'Storage and security',
      body: (
        <p>
          Passwords are stored hashed and one-time codes expire after 10 minutes. Your sign-in session is kept on your
          device and can be ended at any time by logging out.
        </p>
      ),
    },
    {
      heading: 'Children',
      body: (
        <p data-testid="minimum-age">
          {name} is not intended for children. You must be at least {MINIMUM_AGE} years old to use {name}. If we learn
          that a child under {MINIMUM_AGE} has an account, we will delete it.
        </p>
      ),
    },
    {
      heading: 'Your choices',
      body: (
        <p>
          You can edit your profile, turn notifications off, make your profile private, and ask us to delete your
          account and its data.
        </p>
      ),
    },
  ];
  return (
    <LegalPage
      title="Privacy Policy"
      intro={<p>This policy explains what information {name} collects, how we use it and the choices you have.</p>}
      sections={sections}
    />
  );
}

export default PrivacyPage;
