/** The Electron windows' titles in the till's language (namespace `main`, shared/i18n/main.ts). */
import { describe, expect, it } from 'vitest';
import { PosEventHub } from '../../electron/bridge/events.js';
import { followLanguage, languageOfSettings } from '../../electron/window-titles.js';
import { windowTitle } from '../../shared/i18n/main.js';
import type { PosEventMessage, TillSettings } from '../../shared/posapi.js';

describe('window titles', () => {
  it("name the customer display in the till's language, and keep the product's name", () => {
    expect(windowTitle('en', 'customerDisplayWindow')).toBe('Customer display');
    expect(windowTitle('es', 'customerDisplayWindow')).toBe('Pantalla del cliente');
    expect(windowTitle('ja', 'customerDisplayWindow')).toBe('お客様用ディスプレイ');
    expect(windowTitle('de', 'tillWindow')).toBe('Paydesk');
  });
});

describe('window titles follow a saved language without a restart', () => {
  function fakeWindow(titledByPage = false) {
    const titles: string[] = [];
    return {
      titles,
      setTitle: (title: string) => void titles.push(title),
      isDestroyed: () => false,
      titledByPage: () => titledByPage,
    };
  }
  const saved = (settings: Partial<TillSettings>) =>
    ({ event: 'settings.changed', payload: { locale: 'en-US', ...settings } }) as PosEventMessage;

  it('sets them at start, again when a save changes the language, not when it keeps it', () => {
    const hub = new PosEventHub();
    const till = fakeWindow();
    const display = fakeWindow();
    const stop = followLanguage(hub, { tillWindow: till, customerDisplayWindow: display }, 'en');
    expect(display.titles).toEqual(['Customer display']);
    hub.publish('settings.changed', saved({ language: 'de' }).payload as TillSettings);
    expect(display.titles).toEqual(['Customer display', 'Kundenanzeige']);
    expect(till.titles).toEqual(['Paydesk', 'Paydesk']);
    hub.publish('settings.changed', saved({ language: 'de', shopName: 'Eck-Café' }).payload as TillSettings);
    expect(display.titles).toHaveLength(2);
    // No language chosen: the locale's (es-MX gives Spanish), as the till's screens do.
    hub.publish('settings.changed', saved({ locale: 'es-MX' }).payload as TillSettings);
    expect(display.titles.at(-1)).toBe('Pantalla del cliente');
    stop();
    hub.publish('settings.changed', saved({ language: 'ja' }).payload as TillSettings);
    expect(display.titles.at(-1)).toBe('Pantalla del cliente');
  });

  it("leaves a title the window's own page set (the display's, in the payer's language)", () => {
    const hub = new PosEventHub();
    const display = fakeWindow(true);
    followLanguage(hub, { customerDisplayWindow: display }, 'en');
    hub.publish('settings.changed', saved({ language: 'ja' }).payload as TillSettings);
    expect(display.titles).toEqual([]);
  });

  it('the language of the settings: the chosen one, else the locale suggests one, else English', () => {
    expect(languageOfSettings({ language: 'tr', locale: 'de-DE' })).toBe('tr');
    expect(languageOfSettings({ locale: 'de-AT' })).toBe('de');
    expect(languageOfSettings({ locale: 'nl-NL' })).toBe('en');
  });
});
