/**
 * A stand-in for Conekta's legacy browser tokenizer (`conekta.js`): `Conekta.setPublicKey(key)` and
 * `Conekta.Token.create({card:{number, name, exp_month, exp_year, cvc}}, onSuccess, onError)`, which
 * POSTs to the simulator's `/conekta/tokens` with the public key. onSuccess gets `{id, object:'token',
 * used, livemode}`; onError gets `{object:'error', type, code, param, message, message_to_purchaser}`.
 */
export function tokenizerScript(conektaBaseUrl: string): string {
  return `(function () {
  'use strict';
  var baseUrl = ${JSON.stringify(conektaBaseUrl)};
  var publicKey = null;
  var language = 'es';
  function failure(onError, error) {
    if (typeof onError === 'function') onError(error);
  }
  function cardFrom(params) {
    if (params && params.card) return params.card;
    if (params && typeof params.querySelector === 'function') {
      var read = function (name) {
        var input = params.querySelector('[data-conekta="card[' + name + ']"]');
        return input ? input.value : undefined;
      };
      return { number: read('number'), name: read('name'), exp_month: read('exp_month'), exp_year: read('exp_year'), cvc: read('cvc') };
    }
    return params || {};
  }
  window.Conekta = {
    setPublicKey: function (key) { publicKey = key; },
    getPublicKey: function () { return publicKey; },
    setLanguage: function (lang) { language = lang; },
    getLanguage: function () { return language; },
    Token: {
      create: function (params, onSuccess, onError) {
        if (!publicKey) {
          return failure(onError, { object: 'error', type: 'authentication_error', code: 'conekta.errors.authentication.missing_key', message: 'Please set your public key with Conekta.setPublicKey().', message_to_purchaser: 'Acceso no autorizado.' });
        }
        fetch(baseUrl + '/tokens', {
          method: 'POST',
          headers: {
            'Authorization': 'Bearer ' + publicKey,
            'Accept': 'application/vnd.conekta-v2.1.0+json',
            'Accept-Language': language,
            'Content-Type': 'application/json'
          },
          body: JSON.stringify({ card: cardFrom(params) })
        }).then(function (response) {
          return response.json().then(function (body) {
            if (response.ok) {
              if (typeof onSuccess === 'function') onSuccess(body);
              return;
            }
            var detail = (body && body.details && body.details[0]) || {};
            failure(onError, {
              object: 'error',
              type: body && body.type,
              code: detail.code,
              param: detail.param,
              message: detail.debug_message || detail.message,
              message_to_purchaser: detail.message || 'No se pudo procesar la tarjeta.'
            });
          });
        }).catch(function (error) {
          failure(onError, { object: 'error', type: 'api_error', message: String(error), message_to_purchaser: 'No se pudo contactar al procesador de pagos.' });
        });
      }
    }
  };
})();
`
}

/** A decorative barcode for an OXXO reference (the real one is a Code 128 image). */
export function barcodeSvg(reference: string): string {
  let x = 10
  const bars: string[] = []
  for (const char of reference) {
    const digit = Number(char)
    for (let i = 0; i < 4; i++) {
      const width = ((digit + i) % 3) + 1
      if (i % 2 === 0) bars.push(`<rect x="${x}" y="10" width="${width}" height="60"/>`)
      x += width + 1
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${x + 10}" height="95" viewBox="0 0 ${x + 10} 95"><rect width="100%" height="100%" fill="#fff"/><g fill="#000">${bars.join('')}</g><text x="${(x + 10) / 2}" y="88" font-family="monospace" font-size="12" text-anchor="middle">${reference}</text></svg>`
}
