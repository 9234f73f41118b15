/**
 * expect.poll's defaults in every suite. Vitest's own (1 s) is shorter than a busy two-core machine
 * takes to render a screen or pass an event along, so a check that would pass failed by timing;
 * a condition that never holds still fails, after 15 s, like a Playwright wait.
 */
export const pollDefaults = { timeout: 15_000, interval: 50 }
