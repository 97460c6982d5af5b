import { describe, expect, it } from 'vitest';
import { isVoucherCodeShape, nextOrderVoucherNotice } from '../../domain/next-order-voucher';
import { SUPPORT_MESSAGES, supportRequestProblems } from '../../domain/support-request';

const filled = {
  name: 'Giulia Rossi',
  email: 'giulia@example.com',
  topic: 'payment',
  orderReference: '',
  message: 'Was I charged twice?',
};

describe('supportRequestProblems (product rule R1.16)', () => {
  it('accepts a filled form; the order reference is optional', () => {
    expect(supportRequestProblems(filled)).toEqual([]);
  });

  it('names each problem in the order of the fields', () => {
    expect(
      supportRequestProblems({
        name: ' ',
        email: 'giulia@',
        topic: '',
        orderReference: '',
        message: '\n',
      }).map(({ field, message }) => [field, message]),
    ).toEqual([
      ['name', SUPPORT_MESSAGES.nameMissing],
      ['email', SUPPORT_MESSAGES.emailInvalid],
      ['topic', SUPPORT_MESSAGES.topicMissing],
      ['message', SUPPORT_MESSAGES.messageMissing],
    ]);
  });

  it('counts the message without the spaces around it, up to 2000 characters', () => {
    expect(supportRequestProblems({ ...filled, message: ` ${'x'.repeat(2000)} ` })).toEqual([]);
    expect(supportRequestProblems({ ...filled, message: 'x'.repeat(2001) })).toEqual([
      { field: 'message', message: 'Message must be 2000 characters or less' },
    ]);
  });

  it('refuses a topic that is not one of the list (no prototype keys)', () => {
    expect(supportRequestProblems({ ...filled, topic: 'toString' })[0]?.field).toBe('topic');
  });
});

describe('next-order voucher (product rule R12.8)', () => {
  it.each([
    ['PASTA5', true],
    ['oos-20', true],
    ['<script>', false],
    ['', false],
    ['X'.repeat(33), false],
  ])('%s can be a code: %s', (code, expected) => {
    expect(isVoucherCodeShape(code)).toBe(expected);
  });

  it('says what happens to the code', () => {
    expect(nextOrderVoucherNotice('PASTA5')).toBe(
      'Voucher PASTA5 will be applied to your next order.',
    );
  });
});
