/**
 * A decider refuses a command with the kit's domain refusals (`refuse.notFound()`…); the kit's
 * error handler gives each reason its HTTP status, in one place. So a decider imports none of the
 * kit's HTTP errors.
 */
const httpErrors = [
  'HttpError',
  'badRequest',
  'unauthorized',
  'forbidden',
  'paymentRequired',
  'notFound',
  'methodNotAllowed',
  'conflict',
  'payloadTooLarge',
  'unprocessable',
  'tooManyRequests',
  'badGateway',
  'serviceUnavailable',
  'validationError',
]

export function deciderErrorsConfig() {
  return {
    files: ['services/*/src/commands/*-decider.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@donaciones/kit',
              importNames: httpErrors,
              message: 'Un decider rechaza con refuse (errores del dominio); el manejador de errores del kit les da su estado HTTP.',
            },
          ],
        },
      ],
    },
  }
}
