/** The desk form's plain rule for a reason or note says what the API's request schemas say, text by text. */
import { describe, expect, it } from 'vitest';
import { DeskCancelSchema, DeskNoteSchema } from './desk.ts';
import { deskTextProblem, DESK_FORM_MESSAGES, DESK_TEXT_MAX } from './desk-rules.ts';

const TEXTS: Record<string, string> = {
  empty: '',
  spaces: '   \n\t ',
  one: 'x',
  padded: '  Ring the bell twice  ',
  lines: 'First line\nsecond line\r\n\tand a tab',
  'at the limit': 'a'.repeat(DESK_TEXT_MAX),
  'at the limit once trimmed': ` ${'a'.repeat(DESK_TEXT_MAX)}  `,
  'one over': 'a'.repeat(DESK_TEXT_MAX + 1),
  'a NUL': 'before\u0000after',
  'an escape': 'colour \u001b[31m',
  'a DEL': 'x\u007f',
  'long and with a control': `${'a'.repeat(DESK_TEXT_MAX + 1)}\u0000`,
  'markup and Urdu': '<b>شکریہ</b> & thanks',
};

/** The schema's first message for the field, as the API's 400 would name it, or null. */
function schemaSays(kind: 'reason' | 'note', text: string): string | null {
  const parsed = kind === 'reason' ? DeskCancelSchema.safeParse({ reason: text }) : DeskNoteSchema.safeParse({ text });
  return parsed.success ? null : parsed.error.issues[0].message;
}

describe('deskTextProblem', () => {
  it.each(Object.entries(TEXTS).flatMap(([name, text]) => (['reason', 'note'] as const).map((kind) => [kind, name, text] as const)))(
    'a %s, %s: as the schema says',
    (kind, _name, text) => {
      expect(deskTextProblem(kind, text)).toBe(schemaSays(kind, text));
    },
  );

  it("names each fault in the desk's words", () => {
    expect(deskTextProblem('note', ' ')).toBe(DESK_FORM_MESSAGES.note);
    expect(deskTextProblem('reason', 'a'.repeat(DESK_TEXT_MAX + 1))).toBe(DESK_FORM_MESSAGES.reasonLong);
    expect(deskTextProblem('note', 'a\u0007')).toBe(DESK_FORM_MESSAGES.noteControls);
    expect(deskTextProblem('reason', 'Shopper asked')).toBeNull();
  });
});
