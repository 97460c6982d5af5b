import { describe, expect, it } from 'vitest';
import {
  dateOfBirthError,
  dateParts,
  DATE_OF_BIRTH_MESSAGES,
  readDateParts,
  ukToday,
} from '../../domain/date-of-birth';

const TODAY = '2026-11-24';

describe('dateOfBirthError (R2.13)', () => {
  it.each([
    ['1990-05-17', undefined],
    ['2008-11-24', undefined], // 18 today
    ['2008-11-25', 'tooYoung'], // 18 tomorrow
    ['2020-01-01', 'tooYoung'],
    ['2026-11-24', 'future'],
    ['2030-01-01', 'future'],
    ['1990-02-30', 'notReal'],
    ['1990-13-01', 'notReal'],
    ['17/05/1990', 'notReal'],
    ['1899-12-31', 'tooOld'],
    ['', 'missing'],
  ])('%s is %s', (iso, error) => {
    expect(dateOfBirthError(iso, TODAY)).toBe(error);
  });

  it('counts a 29 February birthday from 1 March in a non-leap year', () => {
    expect(dateOfBirthError('2008-02-29', '2026-02-28')).toBe('tooYoung');
    expect(dateOfBirthError('2008-02-29', '2026-03-01')).toBeUndefined();
  });

  it('reads today in the UK calendar', () => {
    expect(ukToday(new Date('2026-06-30T23:30:00Z'))).toBe('2026-07-01');
    expect(ukToday(new Date('2026-11-24T06:00:00Z'))).toBe('2026-11-24');
  });
});

describe('readDateParts (GOV.UK date input)', () => {
  it('reads the three fields into an ISO date', () => {
    expect(readDateParts({ day: '7', month: '3', year: '1985' }, TODAY)).toEqual({
      iso: '1985-03-07',
    });
  });

  it('names the missing parts and only those fields', () => {
    expect(readDateParts({ day: '', month: '', year: '' }, TODAY)).toEqual({
      message: 'Enter your date of birth',
      fields: ['day', 'month', 'year'],
    });
    expect(readDateParts({ day: '7', month: '', year: '' }, TODAY)).toEqual({
      message: 'Date of birth must include a month and year',
      fields: ['month', 'year'],
    });
  });

  it('refuses dates that are not real, in the future or under 18', () => {
    expect(readDateParts({ day: '31', month: '2', year: '1990' }, TODAY)).toMatchObject({
      message: DATE_OF_BIRTH_MESSAGES.notReal,
    });
    expect(readDateParts({ day: 'x', month: '2', year: '1990' }, TODAY)).toEqual({
      message: DATE_OF_BIRTH_MESSAGES.notReal,
      fields: ['day'],
    });
    expect(readDateParts({ day: '1', month: '2', year: '90' }, TODAY)).toEqual({
      message: DATE_OF_BIRTH_MESSAGES.notReal,
      fields: ['year'],
    });
    expect(readDateParts({ day: '1', month: '1', year: '2027' }, TODAY)).toMatchObject({
      message: 'Date of birth must be in the past',
    });
    expect(readDateParts({ day: '1', month: '1', year: '2015' }, TODAY)).toMatchObject({
      message: 'You must be 18 or over to have an account',
    });
  });

  it('splits a stored date back into fields', () => {
    expect(dateParts('1985-03-07')).toEqual({ day: '7', month: '3', year: '1985' });
    expect(dateParts(null)).toEqual({ day: '', month: '', year: '' });
  });
});
