/** The time the server runs on (sessions, codes, resets, lists, orders, reviews). Tests pass a clock they can move (expiries, windows). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** Whole minutes from `now` until `until`, at least 1: "try again in N minutes". */
export const minutesUntil = (until: Date, now: Date) => Math.max(1, Math.ceil((until.getTime() - now.getTime()) / MINUTE));
