/**
 * Every user-facing Spanish message of the product, exactly as the spec writes them
 * (§5 validation, §8 errors and successes). Import these; never retype the text.
 */

// §5 Validation
export const REQUIRED = 'Campo requerido'
export const INVALID_EMAIL = 'Correo electrónico inválido'
export const PASSWORD_MIN_LENGTH = 'El mínimo de caracteres es de 8'
export const WEAK_PASSWORD = 'Contraseña poco segura'
export const PASSWORDS_DO_NOT_MATCH = 'Las contraseñas no coinciden'
export const NEGATIVE_NUMBER = 'Los números negativos no son válidos'
export const GOAL_MAX_EXCEEDED = 'Ha sobrepasado el máximo de donaciones'
export const DURATION_MIN = 'El mínimo de días es 1'
export const DURATION_MAX = 'El máximo de días es 200'
export const COMMENT_MAX_LENGTH = 'El máximo de caracteres es de 280'
export const DONATION_MIN_AMOUNT = 'La cantidad mínima de donación es 1 peso'
/** Not in the spec: amounts are pesos and centavos. */
export const DONATION_TWO_DECIMALS = 'La cantidad admite como máximo dos decimales'

const pesos = new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' })
/** Pesos as the site writes them: '$100,000.00 MXN'. */
export function formatPesos(amount: number): string {
  return `${pesos.format(amount)} MXN`
}

/** Not in the spec: the configured maximum per donation. */
export function donationMaxMessage(max: number): string {
  return `La cantidad máxima por donación es de ${formatPesos(max)}`
}
/** Not in the spec: a donor's name is one line of letters, spaces and . ' - (it goes into e-mails). */
export const INVALID_PERSON_NAME = "Escriba solo letras, espacios y los signos . ' -"

/** Not in the spec: a donor's message on the wall is one short plain paragraph. */
export const DONOR_MESSAGE_LINE_BREAK = 'El mensaje debe ser un solo párrafo, sin saltos de línea'
export const DONOR_MESSAGE_CONTROL_CHARACTERS = 'El mensaje contiene caracteres de control invisibles; escríbalo de nuevo sin ellos'
export const DONOR_MESSAGE_STACKED_MARKS = 'El mensaje tiene demasiados acentos o marcas sobre una misma letra'

/** 'El máximo de caracteres es de N' for any maximum length. */
export function maxLengthMessage(max: number): string {
  return `El máximo de caracteres es de ${max}`
}

/** 'El mínimo de caracteres es de N' (the spec's wording for the password minimum, generalised). */
export function minLengthMessage(min: number): string {
  return `El mínimo de caracteres es de ${min}`
}

// §8 Errors
export const ALREADY_EXISTS = 'Registro ya existente'
export const INVALID_INFORMATION_TITLE = 'Información inválida'
export const INVALID_INFORMATION_TEXT = 'Verifique los datos proporcionados'
export const CARD_TOKEN_ERROR_TITLE = 'Error, intente nuevamente'
export const CARD_TOKEN_ERROR_TEXT = 'La información no es correcta'
export const NOT_AVAILABLE = 'No disponible'
export const PROBLEM_LABEL = 'Problema'
export const CAMPAIGN_FINISHED = 'Esta campaña ha finalizado.'
export const NO_RESULTS = 'No se encontraron resultados'
export const EMPTY_LIST_TITLE = 'Sin registros'
export const EMPTY_LIST_TEXT = 'No hay registros existentes'
/** Not in the spec: the notice of a signed-in account sent away from a dashboard section it may not open. */
export const SECTION_FORBIDDEN = 'No tiene permiso para ver esa sección'

// §8 Successes
export const RECORD_SAVED = 'Registro guardado'
export const RECORD_UPDATED = 'Registro actualizado'
export const RECORD_ACTIVATED = 'Registro activado'
export const RECORD_DEACTIVATED = 'Registro desactivado'
export const PROFILE_UPDATED = 'Perfil actualizado'
export const COMMENT_POSTED = 'Comentario publicado'
export const COMMENT_DELETED = 'Comentario eliminado'
export const DONOR_MESSAGE_HIDDEN = 'Mensaje oculto del muro'
export const DONOR_MESSAGE_SHOWN = 'Mensaje visible en el muro'
export const SETUP_SUCCESS = 'Configuración exitosa'
export const PASSWORD_UPDATED_TITLE = 'Contraseña actualizada'
export const PASSWORD_UPDATED_TEXT = 'Por favor, inicie sesión nuevamente'
export const EMAIL_SENT_TITLE = 'Email enviado'
export const EMAIL_SENT_TEXT = 'Revise su bandeja de entrada'
export const ADMIN_CREATED_TITLE = 'Administrador creado'

// Self sign-up (not in the spec; same tone as its messages)
export const REGISTRATION_SENT_TITLE = 'Cuenta creada'
export const REGISTRATION_SENT_TEXT = 'Le enviaremos un correo con el enlace para activar su cuenta. Revise su bandeja de entrada'
export const EMAIL_VERIFIED_TITLE = 'Correo verificado'
export const EMAIL_VERIFIED_TEXT = 'Su cuenta está activa; ya puede iniciar sesión'
export const EMAIL_NOT_VERIFIED_TITLE = 'Correo sin verificar'
export const EMAIL_NOT_VERIFIED_TEXT = 'Abra el enlace que le enviamos por correo para activar su cuenta antes de iniciar sesión'
export const INVALID_VERIFICATION_LINK_TITLE = 'Enlace inválido'
export const INVALID_VERIFICATION_LINK_TEXT = 'El enlace de verificación no es válido, ya se usó o expiró. Regístrese de nuevo para recibir otro.'
/** The verification's password is not the one of the registration that mailed the link. */
export const VERIFICATION_PASSWORD_MISMATCH = 'No es la contraseña que eligió al registrarse con este correo'

/**
 * The spec's 'Se ha enviado una contraseña provisional a {email}', in the future tense: the mail is
 * queued with the account and leaves when the SMTP server accepts it, which may be later.
 */
export function adminCreatedMessage(email: string): string {
  return `Se enviará una contraseña provisional a ${email}`
}

/** Thank-you dialog: '¡Gracias {name}! Tu apoyo es vital para este proyecto' */
export function thankYouMessage(name: string): string {
  return `¡Gracias ${name}! Tu apoyo es vital para este proyecto`
}

/** Added to the thank-you of a monthly donation. */
export const MONTHLY_THANK_YOU = 'Tu donación mensual quedó activa: cada mes haremos el cargo a tu tarjeta. Puedes cancelarla cuando quieras desde el enlace que te enviamos por correo.'

// §4 Justification causes of admin changes
export const CAUSE_ACTIVATION = 'Activación'
export const CAUSE_DEACTIVATION = 'Desactivación'
export const CAUSE_UPDATE = 'Actualización'

/**
 * Messages the spec does not write but the contracts need (formats of fields whose rule the
 * spec states without a message). Kept apart so they can be reworded in one place.
 */
export const INTEGER_REQUIRED = 'Ingrese un número entero'
export const DIGITS_ONLY = 'Solo se permiten números'
export const INVALID_CARD_NUMBER = 'Número de tarjeta inválido'
export const INVALID_CARD_EXPIRY = 'Fecha de expiración inválida'
export const INVALID_CVC = 'Código de seguridad inválido'
export const INVALID_DATE = 'Fecha inválida'
export const INVALID_URL = 'URL inválida'
export const INVALID_PORT = 'Puerto inválido'
export const INVALID_OPTION = 'Opción inválida'

// Deductible receipts (not in the spec): the donor's tax data and the charity's authorisation
export const RFC_LENGTH = 'El RFC tiene 12 caracteres (persona moral) o 13 (persona física)'
export const RFC_FORMAT = 'El RFC no tiene la forma del SAT: letras, fecha de 6 dígitos y homoclave de 3 caracteres'
export const RFC_DATE = 'La fecha del RFC (AAMMDD) no es válida'
export const RFC_CHECK_DIGIT = 'El dígito verificador del RFC no coincide; cópielo de la Constancia de Situación Fiscal'
export const RFC_GENERIC = 'El RFC genérico no sirve para un recibo deducible; escriba el RFC de quien deduce'
export const POSTAL_CODE_FORMAT = 'El código postal tiene 5 dígitos'
export const TAX_REGIME_FOR_FISICA = 'Este régimen fiscal no es de personas físicas (RFC de 13 caracteres)'
export const TAX_REGIME_FOR_MORAL = 'Este régimen fiscal no es de personas morales (RFC de 12 caracteres)'
export const RECEIPTS_NOT_OFFERED = 'La institución no emite recibos deducibles'
export const STAMPED_XML_UNREADABLE = 'El archivo XML no se puede leer'
export const STAMPED_XML_NOT_CFDI = 'El XML no es un CFDI (falta cfdi:Comprobante)'
export const STAMPED_XML_RFC_MISMATCH = 'El RFC del XML no coincide con el de la solicitud'
export const STAMPED_XML_TOTAL_MISMATCH = 'El total del XML no coincide con el monto de la donación'
export const STAMPED_PDF_INVALID = 'El archivo no es un PDF'
/** A multipart form that sends a field twice: which of the two was meant cannot be told. */
export const ONE_FILE_PER_FIELD = 'Envíe un solo archivo en este campo'
