import { WALLET_MSG } from '@wyn/contract';
import { describe, expect, it } from 'vitest';
import { recipientLabel, SEND_MSG, sendAmountLabel, validateSend } from './send-form';

const ok = { recipient: '@alice', amount: '25', note: '' };

describe('validateSend', () => {
  it('accepts a valid transfer', () => {
    expect(validateSend(ok, '100.00')).toEqual({});
    expect(validateSend({ ...ok, amount: '100.00' }, '100.00')).toEqual({});
    expect(validateSend({ ...ok, amount: '0.01' }, '100.00')).toEqual({});
  });
  it('requires a recipient', () => {
    expect(validateSend({ ...ok, recipient: '  ' }, '100.00').recipient).toBe(SEND_MSG.recipientRequired);
  });
  it('checks the amount', () => {
    expect(validateSend({ ...ok, amount: '' }, '100.00').amount).toBe(SEND_MSG.amountRequired);
    expect(validateSend({ ...ok, amount: 'abc' }, '100.00').amount).toBe(SEND_MSG.amountInvalid);
    expect(validateSend({ ...ok, amount: '1.234' }, '100.00').amount).toBe(SEND_MSG.amountInvalid);
    expect(validateSend({ ...ok, amount: '-5' }, '100.00').amount).toBe(SEND_MSG.amountInvalid);
    expect(validateSend({ ...ok, amount: '0' }, '100.00').amount).toBe(WALLET_MSG.amountPositive);
    expect(validateSend({ ...ok, amount: '0.00' }, '100.00').amount).toBe(WALLET_MSG.amountPositive);
    expect(validateSend({ ...ok, amount: '100.01' }, '100.00').amount).toBe('You only have 100 W');
  });
  it('limits the note', () => {
    expect(validateSend({ ...ok, note: 'x'.repeat(201) }, '100.00').note).toBe(SEND_MSG.noteTooLong);
  });
});

describe('labels', () => {
  it('recipientLabel', () => {
    expect(recipientLabel('alice')).toBe('@alice');
    expect(recipientLabel('@@alice ')).toBe('@alice');
    expect(recipientLabel('0b6f1c2e-1111-4222-8333-444455556666')).toBe('member 0b6f1c2e…');
  });
  it('sendAmountLabel', () => {
    expect(sendAmountLabel('25')).toBe('25 W');
    expect(sendAmountLabel('12.5')).toBe('12.50 W');
  });
});
