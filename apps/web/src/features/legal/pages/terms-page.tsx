import { useProductName } from '@/lib/queries/app-config';
import { LegalPage, type LegalSection } from '../components/legal-page';

export function TermsPage() {
  const name = useProductName();
  const sections: LegalSection[] = [
    {
      heading: 'Your account',
      body: (
        <>
          <p>
            You can sign in with Telegram or register with a username, email or phone number. Keep your credentials
            safe; you are responsible for activity on your account.
          </p>
          <p>You must be at least 13 years old to use {name}.</p>
        </>
      ),
    },
    {
      heading: 'Quests and rewards',
      body: (
        <>
          <p>
            Members create quests and pay their rewards in W from their own wallet. When you complete a quest, the
            reward is paid once the quest is verified automatically or approved by its creator.
          </p>
          <p>
            Submitting false proof, using automated accounts or gaming the verification may lead to rejected rewards and
            account suspension.
          </p>
        </>
      ),
    },
    {
      heading: 'W points',
      body: (
        <p>
          W (Wyn Points) are an in-app currency for quests, perks and transfers between members. They have no cash
          value, cannot be bought or sold outside the app, and may not be exchanged for money.
        </p>
      ),
    },
    {
      heading: 'Perks',
      body: (
        <p>
          Perks are offered by members. Redeeming a perk moves its cost in W to its creator. The creator is responsible
          for delivering what the perk promises; report perks that do not.
        </p>
      ),
    },
    {
      heading: 'Content and conduct',
      body: (
        <p>
          Do not post anything illegal, hateful, misleading or that infringes others&apos; rights. We may hide content
          and suspend accounts that break these terms.
        </p>
      ),
    },
    {
      heading: 'Changes and termination',
      body: (
        <p>
          We may update these terms; continued use after a change means you accept it. You can stop using {name} at any
          time, and we may end access for accounts that violate these terms.
        </p>
      ),
    },
    {
      heading: 'Disclaimer',
      body: (
        <p>
          {name} is provided &quot;as is&quot;. To the extent the law allows, we are not liable for losses arising from
          quests, perks or interactions between members.
        </p>
      ),
    },
  ];
  return (
    <LegalPage
      title="Terms of Service"
      intro={
        <p>
          These terms govern your use of {name}, available as a Telegram Mini App and on the web. By using {name} you
          agree to them.
        </p>
      }
      sections={sections}
    />
  );
}

export default TermsPage;
