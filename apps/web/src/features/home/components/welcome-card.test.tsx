import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { WelcomeCard } from './welcome-card';

describe('WelcomeCard', () => {
  it('shows the greeting and tagline at once, and keeps its elements when the balance arrives', () => {
    const card = (balanceLoading: boolean) => (
      <MemoryRouter>
        <WelcomeCard
          name="Ava Martins"
          productName="Wyn"
          balance={balanceLoading ? undefined : '295.00'}
          balanceLoading={balanceLoading}
        />
      </MemoryRouter>
    );
    const { container, rerender } = render(card(true));
    // The page's largest text (its LCP) does not wait for the balance.
    expect(container.querySelector('h1')!.textContent).toBe('Welcome back Ava Martins');
    expect(container.textContent).toContain('Complete quests, earn W and unlock perks from your community.');
    expect(container.querySelector('[data-testid="balance-amount"]')).toBeNull();
    const before = [...container.querySelector('section')!.children];
    rerender(card(false));
    const after = [...container.querySelector('section')!.children];
    expect(after).toHaveLength(before.length);
    after.forEach((el, i) => {
      expect(el).toBe(before[i]);
      expect(el.className).toBe(before[i]!.className);
    });
    expect(container.textContent).toContain('295');
  });
});
