/**
 * How long a journey's waits (Playwright's and expect.poll's) give a screen: twice the other suites'
 * 15 s, since a journey shares two cores with another file's site, Chromium and journey (decision 132).
 */
export const BROWSER_WAIT_MS = 30_000
