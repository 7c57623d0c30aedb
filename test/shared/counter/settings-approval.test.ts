// The language alone is the reader's preference; anything else in the same save is the shop's.
import { describe, expect, it } from 'vitest';
import { isLanguageOnly, settingsSaveNeedsManager } from '#shared/counter/settings-approval';

describe('which settings saves need a manager', () => {
  it('lets the language alone through, whatever flags steer the save', () => {
    expect(isLanguageOnly({ locale: 'en' })).toBe(true);
    expect(isLanguageOnly({ locale: 'pt-BR', confirmQueued: true, saveUnreachable: false })).toBe(true);
    expect(isLanguageOnly({ locale: 'en', manager: { operatorId: 'm', pin: '1234' } })).toBe(true);
    expect(settingsSaveNeedsManager({ locale: 'en' })).toBe(false);
  });

  it('asks for the rest, and for the language together with anything else', () => {
    expect(settingsSaveNeedsManager({})).toBe(true);
    expect(settingsSaveNeedsManager({ locale: 'en', merchantName: 'Outra' })).toBe(true);
    expect(settingsSaveNeedsManager({ customerDisplay: false })).toBe(true);
    expect(settingsSaveNeedsManager({ appId: '' })).toBe(true);
    expect(settingsSaveNeedsManager({ mode: 'embedded', saveUnreachable: true })).toBe(true);
    // An explicitly absent key is no change.
    expect(settingsSaveNeedsManager({ locale: 'en', printer: undefined })).toBe(false);
  });
});
