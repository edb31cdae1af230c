import { describe, expect, it } from 'vitest';
import { CONTROL_CHARACTERS, CONTROL_CHARACTERS_BUT_LINES, NO_CONTROLS, NO_CONTROLS_BUT_LINES } from './control-characters.ts';

const every = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCharCode(from + i));
const controls = [...every(0x00, 0x1f), '\u007f'];
const lines = ['\t', '\n', '\r'];

describe('control characters', () => {
  it('one line of text holds none of C0 and DEL', () => {
    for (const ch of controls) {
      expect(CONTROL_CHARACTERS.test(`a${ch}b`)).toBe(true);
      expect(NO_CONTROLS.test(`a${ch}b`)).toBe(false);
    }
    expect(NO_CONTROLS.test('Ayesha Khan, 12-B Gulberg')).toBe(true);
    expect(CONTROL_CHARACTERS.test('Shukriya! ذائقہ \u00a0é')).toBe(false);
  });

  it('a text of several lines may hold the tab and line breaks, and no other control character', () => {
    for (const ch of controls) {
      const allowed = lines.includes(ch);
      expect(CONTROL_CHARACTERS_BUT_LINES.test(`a${ch}b`)).toBe(!allowed);
      expect(NO_CONTROLS_BUT_LINES.test(`a${ch}b`)).toBe(allowed);
    }
  });
});
