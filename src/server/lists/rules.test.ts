import { describe, expect, it } from 'vitest';
import { capLine } from './rules.ts';

describe('capLine', () => {
  it.each([
    // wanted, existing, stock → quantity, capped
    [5, undefined, 10, 5, false],
    [10, undefined, 10, 10, false],
    [12, 7, 10, 10, true],
    [3, 8, 2, 2, true], // stock fell below the line: held down to it
    [4, undefined, 0, 1, true], // a sold-out product starts at 1
    [1, undefined, 0, 1, false],
    [5, 3, 0, 3, true], // a sold-out line keeps what it had
    [2, 3, -4, 2, false], // setting a sold-out line lower is no cap
  ])('wanted %i over a line of %s with stock %i holds %i (capped: %s)', (wanted, existing, stock, quantity, capped) => {
    expect(capLine(wanted, existing, stock)).toEqual({ quantity, capped });
  });
});
