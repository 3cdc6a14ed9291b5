/** The main process's own words (namespace `main`): the Electron windows' titles, the first owner's name. */
export const mainEnglish = {
  tillWindow: 'Paydesk',
  customerDisplayWindow: 'Customer display',
  /** The owner account's name as Setup makes it at first run (staff can rename it on the Staff screen). */
  ownerDefaultName: 'Owner',
};
export type MainKey = keyof typeof mainEnglish;
