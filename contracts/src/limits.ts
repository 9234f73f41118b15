/** Business constants and limits of spec §9 (and the input limits of §5). */

export const CURRENCY = 'MXN' as const

// Donations
export const DEFAULT_DONATION_AMOUNT = 100
export const DONATION_INPUT_MIN = 100
export const MIN_DONATION_AMOUNT = 1
/** Suggested amounts of the donation card (buttons besides the free amount input). */
export const SUGGESTED_DONATION_AMOUNTS = [100, 200, 500, 1000] as const
/** Maximum per donation when the configuration does not set one. */
export const DEFAULT_MAX_DONATION_AMOUNT = 100_000
/** The highest maximum per donation an administrator may set (the campaign goal maximum). */
export const MAX_DONATION_AMOUNT_CEILING = 10_000_000

// Deductible receipts (CFDI 4.0 limits of the receiver's name and the donataria's authorisation number)
export const TAX_NAME_MAX = 254
export const DONATARIA_AUTHORIZATION_NUMBER_MAX = 50
/**
 * The stamped files of a deductible receipt: both travel base64-encoded in one mail hand-over to the
 * content service, whose JSON limit is 1 MB, so together they stay well below it.
 */
export const STAMPED_XML_MAX_BYTES = 128 * 1024
export const STAMPED_PDF_MAX_BYTES = 512 * 1024

// Campaigns
export const CAMPAIGN_GOAL_MAX = 10_000_000
export const CAMPAIGN_GOAL_MIN = 0
export const CAMPAIGN_DURATION_MIN = 1
export const CAMPAIGN_DURATION_MAX = 200
export const CAMPAIGN_TITLE_MAX = 40
export const CAMPAIGN_DESCRIPTION_MAX = 100
/** Not in the spec (the subtitle has no stated limit); chosen to match the description. */
export const CAMPAIGN_SUBTITLE_MAX = 100
export const CAMPAIGN_GRATITUDE_MAX = 500
export const COMMENT_MAX = 280
/** A donor's message on the donor wall. */
export const DONOR_MESSAGE_MAX = 280
/**
 * Combining marks a donor's message may stack on one character (after NFC): Vietnamese and
 * decomposed Spanish need 1–2, Hebrew points 3; more is "zalgo" text that spills over the wall.
 */
export const DONOR_MESSAGE_MAX_MARKS = 3
/** Donations the donor wall lists: the latest ones and, apart, the largest ones. */
export const DONOR_WALL_LATEST = 10
export const DONOR_WALL_LARGEST = 5

// Institutions and categories
export const INSTITUTION_NAME_MAX = 40
export const INSTITUTION_DESCRIPTION_MAX = 200
export const CATEGORY_TITLE_MAX = 40
export const CATEGORY_DESCRIPTION_MAX = 200

// Users
export const ADMIN_FORM_NAME_MAX = 30
export const PROFILE_FORM_NAME_MAX = 25
export const WIZARD_USER_NAME_MAX = 30
export const PASSWORD_MIN = 8
export const ROLES = [0, 1, 2] as const
export const ROLE_FULL_ADMIN = 0
export const ROLE_RESTRICTED_ADMIN = 1
export const ROLE_USER = 2
export const ROLE_LABELS: Readonly<Record<(typeof ROLES)[number], string>> = {
  0: 'Administrador total',
  1: 'Administrador restringido',
  2: 'Usuario',
}

// Files
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024
export const UPLOAD_IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const

// Payment forms
/** Each donor name field (card holder, voucher name and last name): the spec's 30 for names (§9). */
export const DONOR_NAME_MAX = 30
export const VOUCHER_PHONE_LENGTH = 10
export const CARD_NUMBER_MIN_LENGTH = 16
export const CARD_NUMBER_MAX_LENGTH = 22

// Configuration
export const SITE_NAME_MAX = 35
export const THANK_YOU_MESSAGE_MAX = 500
export const MISSION_MAX = 500
export const WIZARD_MISSION_MAX = 700
export const CONTACT_EMAIL_MAX = 100
export const CONTACT_PHONE_MAX = 20
export const CONTACT_ADDRESS_MAX = 100

// Interface timings and sizes
export const TOAST_DURATION_MS = 3000
export const NAVBAR_SITE_NAME_CUT = 35
export const COUNTER_ANIMATION_MS = 4000
export const SLIDER_SPEED_MS = 500
export const SETUP_REDIRECT_DELAY_MS = 1000
export const SETUP_WIZARD_STEPS = 16
export const CAMPAIGN_WIZARD_STEPS = 4
export const RICH_TEXT_EDITOR_HEIGHT = 650
export const COMMENT_LIST_MAX_HEIGHT = 550
export const TIMELINE_HEIGHT = 420
export const CALENDAR_LOCALE = 'es-MX'
export const FIRST_PAGE = 1
export const AUTH_TOKEN_STORAGE_KEY = 'auth_token'

/** The justification of an admin change (historical.description). */
export const JUSTIFICATION_MAX = 500
