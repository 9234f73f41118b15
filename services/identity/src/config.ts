import type { Settings } from '@donaciones/kit'

/** Limits of the identity service; tests may pass smaller ones to `createIdentityService`. */
export interface IdentityOptions {
  /** Lifetime of a session token. */
  tokenTtlSeconds: number
  /** Lifetime of a password-recovery link (spec: one hour). */
  recoveryTtlSeconds: number
  /**
   * Failed sign-ins allowed per (e-mail, client address) and per client address inside the window;
   * beyond either, 429. An e-mail alone is never locked (anyone could keep its owner out).
   */
  loginLimits: { perEmailAndIp: number; perIp: number; windowSeconds: number }
  /**
   * Per e-mail, from every address: after `freeFailures` failures inside the login window each
   * attempt waits `firstDelayMs`, doubling with every further failure up to `maxDelayMs`, before
   * its password is checked.
   */
  loginDelay: { freeFailures: number; firstDelayMs: number; maxDelayMs: number }
  /** Recovery mails per e-mail inside the window; more requests still answer 200 but send nothing. */
  recoveryMailLimit: { perEmail: number; windowSeconds: number }
  /** Lifetime of the link that verifies a self sign-up's e-mail. */
  verificationTtlSeconds: number
  /**
   * Sign-ups per (e-mail, client address) and per client address inside the window (every request
   * counts; 429 beyond either). An e-mail alone is never refused: anyone could keep its owner out.
   */
  registerLimits: { perEmailAndIp: number; perIp: number; windowSeconds: number }
  /** Sign-up mails per e-mail inside the window, from every address; more sign-ups still answer the same but send and change nothing. */
  registerMailLimit: { perEmail: number; windowSeconds: number }
  /** Verification attempts per (e-mail, client address) and per client address inside the window (a success takes its attempt back). */
  verifyLimits: { perEmailAndIp: number; perIp: number; windowSeconds: number }
  /**
   * Public origin of the site for the links in mails (PUBLIC_URL). Never taken from the request's
   * Host header, which a caller controls.
   */
  publicUrl: string
}

/** The limits of the spec; only the public origin comes from the environment. */
export const identityLimits: Omit<IdentityOptions, 'publicUrl'> = {
  tokenTtlSeconds: 8 * 60 * 60,
  recoveryTtlSeconds: 60 * 60,
  loginLimits: { perEmailAndIp: 5, perIp: 20, windowSeconds: 15 * 60 },
  loginDelay: { freeFailures: 5, firstDelayMs: 500, maxDelayMs: 8_000 },
  recoveryMailLimit: { perEmail: 5, windowSeconds: 60 * 60 },
  verificationTtlSeconds: 24 * 60 * 60,
  registerLimits: { perEmailAndIp: 3, perIp: 10, windowSeconds: 60 * 60 },
  registerMailLimit: { perEmail: 5, windowSeconds: 60 * 60 },
  verifyLimits: { perEmailAndIp: 5, perIp: 20, windowSeconds: 15 * 60 },
}

export function defaultIdentityOptions(settings: Pick<Settings, 'PUBLIC_URL'>): IdentityOptions {
  return { ...identityLimits, publicUrl: settings.PUBLIC_URL }
}
