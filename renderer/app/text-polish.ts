/** Texts of Setup's check of every field at once (screens/setup/setup-form.ts), spread into the catalogue in text.ts. */
export const polishText = {
  saveFixMarked: 'To save: correct the marked fields.',
  saveNeedsGatewayUrl: 'To save: type the hosted gateway URL (https://…).',
} as const;
