/** "(1 payments)" on the Whole shop view: a numeric count picks the plural form (i18next `_one`/`_other`). */
import { describe, expect, it } from 'vitest';
import { t } from '../../renderer/app/text.js';

describe('plural forms', () => {
  it('one payment, two payments', () => {
    expect(t('shopCount', { count: 1 })).toBe('1 payment');
    expect(t('shopCount', { count: 2 })).toBe('2 payments');
    expect(t('shopCount', { count: 0 })).toBe('0 payments');
  });
});
