import { escapeHtml } from '../http.ts'
import type { PaypalOrder } from './orders.ts'

const messageSource = 'provider-sim-paypal'

function page(title: string, body: string): string {
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#1a1a1a}h1{color:#003087;font-size:1.4rem}label{display:block;margin:.6rem 0}input{width:100%;padding:.4rem;box-sizing:border-box}button{padding:.6rem 1.4rem;border:0;border-radius:1.2rem;font-size:1rem;cursor:pointer;margin-right:.5rem}.approve{background:#ffc439}.cancel{background:#eee}.amount{font-size:1.6rem;font-weight:bold}</style></head><body>${body}</body></html>`
}

/** The buyer's approval page (`/paypal/checkoutnow?token={orderId}`). */
export function checkoutPage(order: PaypalOrder, basePath: string): string {
  const unit = order.purchase_units[0]
  const amount = unit ? `$${unit.amount.value} ${unit.amount.currency_code}` : ''
  const token = escapeHtml(order.id)
  if (order.status === 'COMPLETED') return page('PayPal (simulador)', `<h1>PayPal (simulador)</h1><p>Esta orden ya fue pagada.</p>`)
  return page(
    'PayPal (simulador)',
    `<h1>PayPal (simulador)</h1>
<p>Pago a ${escapeHtml(unit?.payee.email_address ?? '')}</p>
<p class="amount" data-testid="amount">${escapeHtml(amount)}</p>
${unit?.description ? `<p>${escapeHtml(unit.description)}</p>` : ''}
<form method="post" action="${escapeHtml(basePath)}/checkoutnow/approve">
<input type="hidden" name="token" value="${token}">
<label>Nombre <input name="name" value="Comprador Prueba" autocomplete="off"></label>
<label>Correo <input name="email" type="email" value="comprador@example.com" autocomplete="off"></label>
<button class="approve" type="submit">Aprobar</button>
<button class="cancel" type="submit" formaction="${escapeHtml(basePath)}/checkoutnow/cancel">Cancelar</button>
</form>`,
  )
}

/** Shown after approving or cancelling without a return URL: tells the opener (the SDK stand-in) and closes. */
export function doneScript(type: 'approved' | 'cancelled', orderId: string, payerId: string | undefined): string {
  const message = JSON.stringify({ source: messageSource, type, orderID: orderId, payerID: payerId ?? null })
  const text = type === 'approved' ? 'Pago aprobado. Puedes cerrar esta ventana.' : 'Pago cancelado.'
  return page(
    'PayPal (simulador)',
    `<h1>PayPal (simulador)</h1><p data-testid="result">${text}</p><script>if (window.opener) { window.opener.postMessage(${message}, '*'); window.close(); }</script>`,
  )
}

/**
 * A stand-in for PayPal's JS SDK: `paypal.Buttons({createOrder, onApprove, onCancel, onError}).render(selector)`.
 * The button opens the simulator's checkout page in a popup and calls `onApprove({orderID, payerID})`
 * when the buyer approves there.
 */
export function sdkScript(paypalBaseUrl: string): string {
  return `(function () {
  'use strict';
  var baseUrl = ${JSON.stringify(paypalBaseUrl)};
  function Buttons(options) {
    options = options || {};
    var actions = { order: {}, restart: function () { return Promise.resolve(); } };
    function fail(error) { if (typeof options.onError === 'function') options.onError(error); }
    function start() {
      var popup = window.open('about:blank', 'provider-sim-paypal', 'width=480,height=640');
      Promise.resolve(typeof options.createOrder === 'function' ? options.createOrder({}, actions) : undefined).then(function (orderID) {
        if (!orderID) throw new Error('createOrder did not return an order id');
        var url = baseUrl + '/checkoutnow?token=' + encodeURIComponent(orderID);
        function listener(event) {
          var data = event.data || {};
          if (data.source !== ${JSON.stringify(messageSource)} || data.orderID !== orderID) return;
          window.removeEventListener('message', listener);
          if (data.type === 'approved') {
            Promise.resolve(options.onApprove && options.onApprove({ orderID: orderID, payerID: data.payerID, paymentSource: 'paypal' }, actions)).catch(fail);
          } else if (typeof options.onCancel === 'function') {
            options.onCancel({ orderID: orderID });
          }
        }
        window.addEventListener('message', listener);
        if (popup) popup.location.href = url; else window.open(url, 'provider-sim-paypal');
      }).catch(function (error) {
        if (popup) popup.close();
        fail(error);
      });
    }
    return {
      isEligible: function () { return true; },
      render: function (target) {
        var container = typeof target === 'string' ? document.querySelector(target) : target;
        if (!container) return Promise.reject(new Error('PayPal container not found: ' + target));
        var button = document.createElement('button');
        button.type = 'button';
        button.className = 'paypal-button';
        button.textContent = 'Pagar con PayPal';
        button.setAttribute('data-testid', 'paypal-button');
        button.style.cssText = 'background:#ffc439;border:0;border-radius:1.2rem;padding:.7rem 1.5rem;font-weight:bold;cursor:pointer';
        button.addEventListener('click', start);
        container.appendChild(button);
        return Promise.resolve();
      },
      close: function () { return Promise.resolve(); }
    };
  }
  window.paypal = { Buttons: Buttons, FUNDING: { PAYPAL: 'paypal', CARD: 'card' }, version: 'provider-sim' };
})();
`
}
