/**
 * Texts of the till at its smallest screens and of Setup's number and date format (the navigation's More,
 * the locale field), spread into the catalogue in text.ts.
 */
export const fitText = {
  navMore: 'More',
  navMoreHolds: '(the open screen is in this list)',
  localeField: 'Numbers and dates',
  localeSameAsLanguage: 'Same as the language',
  localeHint: 'How amounts, dates and times are written on this till.',
} as const;
