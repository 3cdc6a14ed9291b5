/** The main process's own words (namespace `main`): the Electron windows' titles. */
export const mainEnglish = {
  tillWindow: 'Paydesk',
  customerDisplayWindow: 'Customer display',
};
export type MainKey = keyof typeof mainEnglish;
