import { describe, expect, it } from 'vitest';
import { setupI18n } from '@lingui/core';
import {
  AT_LEAST_ONE_FILTER_MESSAGE, BOOKMARK_MESSAGES, SCAN_ONLY_MESSAGE, defaultBookmarkName, digitsOnly,
  isManualEnter, isMenuSearchLongEnough, isPositiveIntegerText, isSimplePassword, isSkuMappingCode,
  normaliseCardIds, parseRangeInteger, passwordPolicyError, requiredMessage, validateBookmarkSave,
  validateChangePassword, validateOrdinalDay,
} from './validation';

const i18n = setupI18n({ locale: 'en', messages: { en: {} } });

describe('requiredMessage', () => {
  it('asks to input text and to select anything else', () => {
    expect(i18n._(requiredMessage('Zone Name', 'input'))).toBe('Please Input Zone Name');
    expect(i18n._(requiredMessage('Zone Type', 'select'))).toBe('Please Select Zone Type');
    expect(requiredMessage('Zone Name', 'input')).toMatchObject({ message: 'Please Input {label}', values: { label: 'Zone Name' } });
  });
});

describe('number inputs', () => {
  it('accepts positive integers as text', () => {
    expect(isPositiveIntegerText('1')).toBe(true);
    expect(isPositiveIntegerText(' 42 ')).toBe(true);
    expect(isPositiveIntegerText('007')).toBe(true);
  });

  it('rejects zero, signs, decimals and letters', () => {
    for (const text of ['0', '000', '', '-1', '+1', '1.5', '1e3', '12a']) expect(isPositiveIntegerText(text)).toBe(false);
  });

  it('parses range bounds as integers ≥ 1', () => {
    expect(parseRangeInteger('1')).toBe(1);
    expect(parseRangeInteger(' 99999 ')).toBe(99999);
    expect(parseRangeInteger('0')).toBeNull();
    expect(parseRangeInteger('-3')).toBeNull();
    expect(parseRangeInteger('2.5')).toBeNull();
    expect(parseRangeInteger('')).toBeNull();
    expect(parseRangeInteger('99999999999999999999')).toBeNull();
  });

  it('keeps digits only', () => {
    expect(digitsOnly('12a-3.4 5')).toBe('12345');
    expect(digitsOnly('abc')).toBe('');
  });
});

describe('validateOrdinalDay', () => {
  const message = 'Invalid day. Please provide a number between 1 and 31.';

  it('accepts 1 to 31', () => {
    expect(validateOrdinalDay(1)).toBeNull();
    expect(validateOrdinalDay(31)).toBeNull();
    expect(validateOrdinalDay('15')).toBeNull();
  });

  it('rejects 0, 32 and non-integers with the exact message', () => {
    for (const value of [0, 32, '0', '32', '', 'x', 1.5, '1.5', -1]) {
      expect(validateOrdinalDay(value)?.message).toBe(message);
    }
  });
});

describe('normaliseCardIds', () => {
  it('joins IDs separated by commas, new lines, spaces or full stops with commas', () => {
    expect(normaliseCardIds('A1,A2\nA3 A4.A5')).toBe('A1,A2,A3,A4,A5');
    expect(normaliseCardIds('A1\r\nA2\tA3')).toBe('A1,A2,A3');
    expect(normaliseCardIds('A1，A2。A3')).toBe('A1,A2,A3');
  });

  it('drops empties', () => {
    expect(normaliseCardIds(' ,A1,, \n\n A2 . ')).toBe('A1,A2');
    expect(normaliseCardIds('  ')).toBe('');
  });
});

describe('filters', () => {
  it('recognises SKU mapping codes', () => {
    expect(isSkuMappingCode('$123')).toBe(true);
    expect(isSkuMappingCode('#abc')).toBe(true);
    expect(isSkuMappingCode(' #abc')).toBe(true);
    expect(isSkuMappingCode('SKU$1')).toBe(false);
    expect(isSkuMappingCode('')).toBe(false);
  });

  it('runs the menu search from 2 characters', () => {
    expect(isMenuSearchLongEnough('a')).toBe(false);
    expect(isMenuSearchLongEnough(' a ')).toBe(false);
    expect(isMenuSearchLongEnough('ab')).toBe(true);
  });

  it('has the exact filter and scan messages', () => {
    expect(AT_LEAST_ONE_FILTER_MESSAGE.message).toBe('Must be at least one filter!');
    expect(SCAN_ONLY_MESSAGE.message).toBe('Manual is not permitted, please Scan the Label!');
  });
});

describe('isManualEnter', () => {
  it('flags an Enter more than 200 ms after the last input', () => {
    expect(isManualEnter(1000, 1200)).toBe(false);
    expect(isManualEnter(1000, 1201)).toBe(true);
    expect(isManualEnter(1000, 1400, 500)).toBe(false);
  });
});

describe('password policy', () => {
  const lengthMessage = 'New Password must be between 8 and 16 characters.';
  const caseMessage = 'New Password must contain one uppercase and one lowercase character.';

  it('holds 8 to 16 characters', () => {
    expect(passwordPolicyError('Abcdefg')?.message).toBe(lengthMessage); // 7
    expect(passwordPolicyError('Abcdefgh')).toBeNull(); // 8
    expect(passwordPolicyError('Abcdefghijklmnop')).toBeNull(); // 16
    expect(passwordPolicyError('Abcdefghijklmnopq')?.message).toBe(lengthMessage); // 17
  });

  it('needs an upper- and a lower-case letter', () => {
    expect(passwordPolicyError('abcdefgh')?.message).toBe(caseMessage);
    expect(passwordPolicyError('ABCDEFGH')?.message).toBe(caseMessage);
    expect(passwordPolicyError('12345678')?.message).toBe(caseMessage);
    expect(passwordPolicyError('Ăbcdefgh')).toBeNull();
  });

  it('reports simple passwords', () => {
    expect(isSimplePassword('Demo1234')).toBe(false);
    expect(isSimplePassword('demo1234')).toBe(true);
    expect(isSimplePassword('Demo123')).toBe(true);
    expect(isSimplePassword('')).toBe(true);
  });
});

describe('validateChangePassword', () => {
  it('requires both passwords', () => {
    const errors = validateChangePassword({ current: '', next: '' });
    expect(errors.current?.message).toBe('Current Password Need!');
    expect(errors.next?.message).toBe('New Password Need!');
  });

  it('gives the first broken rule of the new password', () => {
    expect(validateChangePassword({ current: 'Old12345', next: 'short' }).next?.message)
      .toBe('New Password must be between 8 and 16 characters.');
    expect(validateChangePassword({ current: 'Old12345', next: 'lowercase1' }).next?.message)
      .toBe('New Password must contain one uppercase and one lowercase character.');
    expect(validateChangePassword({ current: 'Same1234', next: 'Same1234' }).next?.message)
      .toBe("The New Password can't equal Current Password");
  });

  it('is empty when valid', () => {
    expect(validateChangePassword({ current: 'Old12345', next: 'New12345' })).toEqual({});
  });

  it('checks the new password even when the current one is missing', () => {
    expect(validateChangePassword({ current: '', next: 'New12345' })).toEqual({
      current: expect.objectContaining({ message: 'Current Password Need!' }),
    });
  });
});

describe('bookmarks', () => {
  it('has the exact messages', () => {
    expect(BOOKMARK_MESSAGES.typeRequired.message).toBe('Type is required');
    expect(BOOKMARK_MESSAGES.nameRequired.message).toBe('Bookmark Name is required');
    expect(BOOKMARK_MESSAGES.bookmarkRequired.message).toBe('Bookmark is required');
    expect(BOOKMARK_MESSAGES.limitReached.message).toBe('Only up to 6 new bookmarks can be added');
  });

  it('validates the save dialog', () => {
    const base = { name: 'Mine', templateId: null, existingCount: 0 };
    expect(validateBookmarkSave({ ...base, type: null })).toEqual({ type: BOOKMARK_MESSAGES.typeRequired });
    expect(validateBookmarkSave({ ...base, type: 'new', name: ' ' })).toEqual({ name: BOOKMARK_MESSAGES.nameRequired });
    expect(validateBookmarkSave({ ...base, type: 'overwrite' })).toEqual({ bookmark: BOOKMARK_MESSAGES.bookmarkRequired });
    expect(validateBookmarkSave({ ...base, type: 'overwrite', templateId: 7, existingCount: 6 })).toEqual({});
    expect(validateBookmarkSave({ ...base, type: 'new', existingCount: 5 })).toEqual({});
    expect(validateBookmarkSave({ ...base, type: 'new', existingCount: 6 })).toEqual({ limit: BOOKMARK_MESSAGES.limitReached });
  });

  it('names a new bookmark with the smallest free number of the day', () => {
    const day = new Date(2024, 2, 5, 10, 30);
    expect(defaultBookmarkName(day, [])).toBe('Bookmark_240305_1');
    expect(defaultBookmarkName(day, ['Bookmark_240305_1', 'Bookmark_240305_2'])).toBe('Bookmark_240305_3');
    expect(defaultBookmarkName(day, ['Bookmark_240305_1', 'Bookmark_240305_3'])).toBe('Bookmark_240305_2');
    expect(defaultBookmarkName(day, ['Bookmark_240305_2', 'Bookmark_240304_1', 'Mine'])).toBe('Bookmark_240305_1');
    expect(defaultBookmarkName(new Date(2031, 11, 31), new Set(['Bookmark_311231_1']))).toBe('Bookmark_311231_2');
  });
});
