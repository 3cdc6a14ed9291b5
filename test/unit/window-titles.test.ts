/** The Electron windows' titles in the till's language (namespace `main`, shared/i18n/main.ts). */
import { describe, expect, it } from 'vitest';
import { windowTitle } from '../../shared/i18n/main.js';

describe('window titles', () => {
  it("name the customer display in the till's language, and keep the product's name", () => {
    expect(windowTitle('en', 'customerDisplayWindow')).toBe('Customer display');
    expect(windowTitle('es', 'customerDisplayWindow')).toBe('Pantalla del cliente');
    expect(windowTitle('ja', 'customerDisplayWindow')).toBe('お客様用ディスプレイ');
    expect(windowTitle('de', 'tillWindow')).toBe('Paydesk');
  });
});
