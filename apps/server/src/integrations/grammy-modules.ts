import type * as Grammy from 'grammy';
import type * as AutoRetry from '@grammyjs/auto-retry';

/**
 * grammY and its auto-retry plugin, loaded on first use (docs/performance.md, start and memory). Both are CommonJS:
 * Node's loader names their exports, the production bundle's chunk of them exports the module as `default`.
 */
const commonJs = async <T>(loading: Promise<T>): Promise<T> => {
  const mod = await loading;
  return (mod as { default?: T }).default ?? mod;
};

export const loadGrammy = (): Promise<typeof Grammy> => commonJs(import('grammy'));
export const loadAutoRetry = (): Promise<typeof AutoRetry> => commonJs(import('@grammyjs/auto-retry'));
